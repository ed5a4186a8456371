import type { FastifyPluginAsync } from 'fastify';
import type { SsoSettings } from '#app/config.ts';
import { sandboxIdentityProvider } from './identity-provider/routes.ts';
import { sandboxIdentomatPages } from './identomat/routes.ts';
import { smsOutboxRoutes } from './sms-outbox-routes.ts';
import { seedSupportAccount } from './support-account.ts';

/**
 * Everything that exists only in sandbox mode (sandbox.md), the support account's seed
 * included; app.ts never registers it in production.
 */
export const sandboxRoutes: FastifyPluginAsync<{ sso: SsoSettings; behindProxy: boolean }> = async (
  app,
  options,
) => {
  await seedSupportAccount(app.database.db);
  await app.register(smsOutboxRoutes);
  await app.register(sandboxIdentityProvider, options);
  await app.register(sandboxIdentomatPages);
};
