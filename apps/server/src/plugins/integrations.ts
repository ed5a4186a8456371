import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceSettings } from '#app/config/services.ts';
import type { StorageSettings } from '#app/config/storage.ts';
import { createBogClient } from '#app/integrations/card-gateway/bog-client.ts';
import type { CardPaymentGateway } from '#app/integrations/card-gateway/card-gateway.ts';
import { createSandboxCardGateway } from '#app/integrations/card-gateway/sandbox-gateway.ts';
import type { CreditBureau } from '#app/integrations/credit-bureau/credit-bureau.ts';
import { createHttpCreditBureau } from '#app/integrations/credit-bureau/http-bureau.ts';
import { sandboxCreditBureau } from '#app/integrations/credit-bureau/sandbox-bureau.ts';
import type { DocumentVerifier } from '#app/integrations/identomat/document-verifier.ts';
import { createIdentomatClient } from '#app/integrations/identomat/identomat-client.ts';
import { createSandboxIdentomatSessions } from '#app/integrations/identomat/sandbox-sessions.ts';
import { createSandboxDocumentVerifier } from '#app/integrations/identomat/sandbox-verifier.ts';
import { createHttpSdaRegistry } from '#app/integrations/sda/http-registry.ts';
import { sandboxSdaRegistry } from '#app/integrations/sda/sandbox-registry.ts';
import type { SdaRegistry } from '#app/integrations/sda/sda-registry.ts';
import { createSmsOutbox } from '#app/integrations/sms/outbox.ts';
import { createSandboxSmsSender } from '#app/integrations/sms/sandbox-sender.ts';
import type { SmsSender } from '#app/integrations/sms/sms-sender.ts';
import { createSmsOfficeSender } from '#app/integrations/sms/smsoffice-sender.ts';
import { createHttpPayoutBank } from '#app/integrations/payout-bank/http-payout-bank.ts';
import type { PayoutBank } from '#app/integrations/payout-bank/payout-bank.ts';
import { createSandboxPayoutBank } from '#app/integrations/payout-bank/sandbox-payout-bank.ts';
import type { IdentityProvider } from '#app/integrations/sso/identity-provider.ts';
import { createOpenIdConnectProvider } from '#app/integrations/sso/openid-connect.ts';
import type { FileStorage } from '#app/integrations/storage/file-storage.ts';
import { createLocalFolderStorage } from '#app/integrations/storage/local-folder-storage.ts';
import { createS3Storage } from '#app/integrations/storage/s3-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    smsSender: SmsSender;
    identityProvider: IdentityProvider;
    sdaRegistry: SdaRegistry;
    documentVerifier: DocumentVerifier;
    creditBureau: CreditBureau;
    payoutBank: PayoutBank;
    cardGateway: CardPaymentGateway;
    fileStorage: FileStorage;
  }
}

/** PAYOUT_MODE=core in production: the lender's core system pays, never this server. */
const notConfiguredPayoutBank: PayoutBank = {
  pay: () => Promise.reject(new Error('PAYOUT_MODE=core: the core system pays, not this server')),
};

/** Picks each outside service's implementation: the in-process sandbox or the real provider. */
const integrations: FastifyPluginCallback<{
  services: ServiceSettings;
  storage: StorageSettings;
}> = (app, { services, storage }, done) => {
  app.decorate(
    'smsSender',
    services.mode === 'production'
      ? createSmsOfficeSender(services.sms)
      : createSandboxSmsSender(createSmsOutbox(app.database.db), app.log),
  );
  // One relying party for both modes: in the sandbox it talks to the provider under /dev-idp.
  app.decorate('identityProvider', createOpenIdConnectProvider(services.sso));
  app.decorate(
    'sdaRegistry',
    services.mode === 'production' ? createHttpSdaRegistry(services.sda) : sandboxSdaRegistry,
  );
  app.decorate(
    'documentVerifier',
    services.mode === 'production'
      ? createIdentomatClient(services.identomat)
      : createSandboxDocumentVerifier(
          createSandboxIdentomatSessions(app.database.db),
          app.config.appUrl,
        ),
  );
  app.decorate(
    'creditBureau',
    services.mode === 'production'
      ? createHttpCreditBureau(services.creditBureau)
      : sandboxCreditBureau,
  );
  app.decorate(
    'payoutBank',
    services.mode === 'sandbox'
      ? createSandboxPayoutBank(app.database.db)
      : services.payoutBank
        ? createHttpPayoutBank(services.payoutBank)
        : notConfiguredPayoutBank,
  );
  app.decorate(
    'cardGateway',
    services.mode === 'production'
      ? createBogClient(services.cardPayments)
      : createSandboxCardGateway({
          db: app.database.db,
          appUrl: app.config.appUrl,
          clock: app.clock,
          log: app.log,
        }),
  );
  app.decorate(
    'fileStorage',
    storage.driver === 's3' ? createS3Storage(storage) : createLocalFolderStorage(storage.dir),
  );
  done();
};

export default fp(integrations, { name: 'integrations', dependencies: ['database'] });
