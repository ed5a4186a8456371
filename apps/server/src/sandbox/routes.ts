import type { FastifyPluginAsync } from 'fastify';
import { smsOutboxRoutes } from './sms-outbox-routes.ts';

/** Everything that exists only in sandbox mode (sandbox.md); app.ts never registers it in production. */
export const sandboxRoutes: FastifyPluginAsync = async (app) => {
  await app.register(smsOutboxRoutes);
};
