import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceSettings } from '#app/config.ts';
import { createSmsOutbox } from '#app/integrations/sms/outbox.ts';
import { createSandboxSmsSender } from '#app/integrations/sms/sandbox-sender.ts';
import type { SmsSender } from '#app/integrations/sms/sms-sender.ts';
import { createSmsOfficeSender } from '#app/integrations/sms/smsoffice-sender.ts';
import type { IdentityProvider } from '#app/integrations/sso/identity-provider.ts';
import { createOpenIdConnectProvider } from '#app/integrations/sso/openid-connect.ts';

declare module 'fastify' {
  interface FastifyInstance {
    smsSender: SmsSender;
    identityProvider: IdentityProvider;
  }
}

/** Picks each outside service's implementation: the in-process sandbox or the real provider. */
const integrations: FastifyPluginCallback<{ services: ServiceSettings }> = (
  app,
  { services },
  done,
) => {
  app.decorate(
    'smsSender',
    services.mode === 'production'
      ? createSmsOfficeSender(services.sms)
      : createSandboxSmsSender(createSmsOutbox(app.database.db), app.log),
  );
  // One relying party for both modes: in the sandbox it talks to the provider under /dev-idp.
  app.decorate('identityProvider', createOpenIdConnectProvider(services.sso));
  done();
};

export default fp(integrations, { name: 'integrations', dependencies: ['database'] });
