import type { FastifyPluginAsync } from 'fastify';
import type { SsoSettings } from '#app/config/services.ts';
import { sandboxIdentityProvider } from './identity-provider/routes.ts';
import { sandboxIdentomatPages } from './identomat/routes.ts';
import { sandboxCardPaymentPages } from './card-payments/routes.ts';
import { clockRoutes } from './clock-routes.ts';
import { smsOutboxRoutes } from './sms-outbox-routes.ts';
import type { SandboxSecrets } from './identity-provider/shared-secrets.ts';
import { seedStaffAccounts } from './staff-accounts.ts';

/**
 * Everything that exists only in sandbox mode (sandbox.md), the support account's seed
 * included; app.ts never registers it in production.
 */
export const sandboxRoutes: FastifyPluginAsync<{
  sso: SsoSettings;
  behindProxy: boolean;
  secrets: SandboxSecrets;
}> = async (app, options) => {
  await seedStaffAccounts(app.database.db);
  await app.register(smsOutboxRoutes);
  await app.register(clockRoutes);
  await app.register(sandboxIdentityProvider, options);
  await app.register(sandboxIdentomatPages);
  await app.register(sandboxCardPaymentPages);
};
