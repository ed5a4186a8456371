import { identomatResult, identomatStart, localeFromAcceptLanguage } from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { accountOf } from '#app/plugins/authentication.ts';
import type { UserProfile } from '#app/modules/users/index.ts';
import { serviceContext } from '#app/service-context.ts';
import { createIdentityCheckService } from './service.ts';

/** Each call costs a round trip to the provider: capped tighter than the API. */
const providerRateLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };

/**
 * Document verification is for customers (the contract's access): staff hold no identity
 * document here.
 */
function customerOf(request: FastifyRequest): UserProfile {
  return accountOf(request).user;
}

export const identityCheckRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const service = (request: FastifyRequest) =>
    createIdentityCheckService({ ...serviceContext(app, request), verifier: app.documentVerifier });

  app.post(
    identomatStart.path,
    { schema: schemaOf(identomatStart), config: providerRateLimit },
    (request) => service(request).start(customerOf(request)),
  );

  app.get(
    identomatResult.path,
    { schema: schemaOf(identomatResult), config: providerRateLimit },
    (request) =>
      service(request).verdict(
        customerOf(request),
        request.params.sessionToken,
        localeFromAcceptLanguage(request.headers['accept-language']),
      ),
  );
  done();
};
