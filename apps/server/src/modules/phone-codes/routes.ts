import { codeChecking, codeSending, phoneChecking, phoneCheckingExists } from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { serviceContext } from '#app/service-context.ts';
import { createPhoneCodeService } from './service.ts';

/** Checking a phone tells whether it is registered, so it is capped tighter than the API. */
const phoneCheckRateLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };

export const phoneCodeRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const service = (request: FastifyRequest) =>
    createPhoneCodeService({
      ...serviceContext(app, request),
      sms: app.sms,
      codeHashSecret: app.config.codeHashSecret,
      limits: app.config.smsLimits,
      productName: app.config.productName,
    });
  const success = { status: 'success' as const };

  app.post(
    phoneChecking.path,
    { schema: schemaOf(phoneChecking), config: phoneCheckRateLimit },
    async (request) => {
      await service(request).requireEligible(request.body.phone, 'registration');
      return success;
    },
  );

  app.post(
    phoneCheckingExists.path,
    { schema: schemaOf(phoneCheckingExists), config: phoneCheckRateLimit },
    async (request) => {
      await service(request).requireEligible(request.body.phone, 'restore_password');
      return success;
    },
  );

  app.post(codeSending.path, { schema: schemaOf(codeSending) }, async (request) => {
    await service(request).send(request.body.phone, request.body.purpose, request.ip);
    return success;
  });

  app.post(codeChecking.path, { schema: schemaOf(codeChecking) }, async (request) => {
    const { phone, purpose, code } = request.body;
    await service(request).check(phone, code, purpose);
    return success;
  });
  done();
};
