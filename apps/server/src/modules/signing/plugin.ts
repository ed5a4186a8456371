import {
  contractCode,
  contractSign,
  localeFromAcceptLanguage,
  withdrawalCode,
  withdrawalConfirm,
} from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { evidenceOf } from '#app/modules/consents/index.ts';
import { createPhoneCodeService } from '#app/modules/phone-codes/index.ts';
import { accountOf } from '#app/plugins/authentication.ts';
import { serviceContext } from '#app/service-context.ts';
import type { ContractReader, PayoutHooks } from './ports.ts';
import { createSigningService, type SigningDependencies } from './signing-service.ts';
import { createWithdrawalService } from './withdrawal-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payouts as signing and withdrawing see them (the payouts module's hooks). */
    contractPayouts: PayoutHooks;
  }
}

export interface SigningOptions {
  contracts: ContractReader;
  payouts: PayoutHooks;
}

/**
 * Signing the contract with a texted code and withdrawing from it within 14 days: four routes for
 * the application's owner (another customer's id answers 404).
 */
const signing: FastifyPluginCallbackZod<SigningOptions> = (app, { contracts, payouts }, done) => {
  app.decorate('contractPayouts', { ...payouts });

  const dependencies = (request: FastifyRequest): SigningDependencies => {
    const context = serviceContext(app, request);
    return {
      ...context,
      sms: app.sms,
      enqueueWebhook: app.webhooks.enqueue,
      storage: app.fileStorage,
      codes: createPhoneCodeService({
        ...context,
        sms: app.sms,
        codeHashSecret: app.config.codeHashSecret,
        limits: app.config.smsLimits,
        productName: app.config.productName,
      }),
      businessToday: () => app.businessCalendar.today(),
      contracts,
      payouts: app.contractPayouts,
      productName: app.config.productName,
      locale: localeFromAcceptLanguage(request.headers['accept-language']),
    };
  };
  const signer = (request: FastifyRequest) => accountOf(request).user;
  const evidence = (request: FastifyRequest) => evidenceOf(request, app.clock.now());
  const success = { status: 'success' as const };

  app.post(contractCode.path, { schema: schemaOf(contractCode) }, async (request) => {
    await createSigningService(dependencies(request)).sendCode(
      signer(request),
      request.params.id,
      request.ip,
    );
    return success;
  });

  app.post(contractSign.path, { schema: schemaOf(contractSign) }, async (request) => ({
    ...success,
    contract: await createSigningService(dependencies(request)).sign(
      signer(request),
      request.params.id,
      request.body.code,
      evidence(request),
    ),
  }));

  app.post(withdrawalCode.path, { schema: schemaOf(withdrawalCode) }, async (request) => {
    await createWithdrawalService(dependencies(request)).sendCode(
      signer(request),
      request.params.id,
      request.ip,
    );
    return success;
  });

  app.post(withdrawalConfirm.path, { schema: schemaOf(withdrawalConfirm) }, async (request) => ({
    ...success,
    withdrawal: await createWithdrawalService(dependencies(request)).withdraw(
      signer(request),
      request.params.id,
      request.body.code,
      evidence(request),
    ),
  }));
  done();
};

export const signingPlugin = fp(signing, {
  name: 'signing',
  dependencies: ['business-date', 'sms', 'webhooks', 'integrations'],
});
