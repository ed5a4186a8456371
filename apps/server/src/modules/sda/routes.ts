import { localeFromAcceptLanguage, sdaCheck, sdaInfo, translate } from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { accountOf } from '#app/plugins/authentication.ts';
import { evidenceOf } from '#app/modules/consents/index.ts';
import { serviceContext } from '#app/service-context.ts';
import { createSdaService } from './service.ts';

/** Each check is a registry call and a refusal deletes an account: capped tighter than the API. */
const sdaRateLimit = { rateLimit: { max: 20, timeWindow: 60_000 } };

export const sdaRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const service = (request: FastifyRequest) =>
    createSdaService({ ...serviceContext(app, request), registry: app.sdaRegistry });

  app.get(sdaInfo.path, { schema: schemaOf(sdaInfo) }, (request) => service(request).info());

  app.post(sdaCheck.path, { schema: schemaOf(sdaCheck), config: sdaRateLimit }, async (request) => {
    // The consent is the server's record (time, address, browser, wording), not the client's.
    const outcome = await service(request).check(
      accountOf(request).user,
      evidenceOf(request, app.clock.now()),
      { version: request.body.sda_info_version, text: request.body.sda_agreement_text },
    );
    if (outcome === 'success') return { status: 'success' as const };
    const locale = localeFromAcceptLanguage(request.headers['accept-language']);
    return { status: 'refused' as const, message: translate('sda.refused', locale) };
  });
  done();
};
