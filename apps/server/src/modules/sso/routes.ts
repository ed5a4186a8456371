import {
  localeFromAcceptLanguage,
  ssoCallback,
  ssoInitiate,
  ssoUserInfo,
  translate,
} from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { serviceContext } from '#app/service-context.ts';
import { createSsoService } from './service.ts';

/** Starting and finishing sign-ins costs a provider round trip: capped tighter than the API. */
const ssoRateLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };

export const ssoRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const service = (request: FastifyRequest) =>
    createSsoService({
      ...serviceContext(app, request),
      identityProvider: app.identityProvider,
    });

  app.post(
    ssoInitiate.path,
    { schema: schemaOf(ssoInitiate), config: ssoRateLimit },
    async (request) => {
      const account = await app.authenticate(request);
      return service(request).initiate(request.body.state, account?.user.id ?? null);
    },
  );

  app.post(
    ssoCallback.path,
    { schema: schemaOf(ssoCallback), config: ssoRateLimit },
    async (request) => {
      const state = await service(request).complete(request.body.token, request.body.code);
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      return { status: 'success' as const, message: translate('sso.completed', locale), state };
    },
  );

  app.get(ssoUserInfo.path, { schema: schemaOf(ssoUserInfo) }, (request) =>
    service(request).userInfo(request.query.sso_token),
  );
  done();
};
