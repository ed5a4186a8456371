import type { FastifyPluginAsync } from 'fastify';
import type { SsoSettings } from '#app/config.ts';
import { sandboxIdentityProvider } from './identity-provider/routes.ts';
import { smsOutboxRoutes } from './sms-outbox-routes.ts';

/** Everything that exists only in sandbox mode (sandbox.md); app.ts never registers it in production. */
export const sandboxRoutes: FastifyPluginAsync<{ sso: SsoSettings; behindProxy: boolean }> = async (
  app,
  options,
) => {
  await app.register(smsOutboxRoutes);
  await app.register(sandboxIdentityProvider, options);
};
