import {
  localeFromAcceptLanguage,
  supportUserAccessLog,
  supportUsers,
  supportUserShow,
} from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { accountOf } from '#app/plugins/authentication.ts';
import { serviceContext } from '#app/modules/service-context.ts';
import { createSupportService, type Reader } from './service.ts';

function readerOf(request: FastifyRequest): Reader {
  return {
    userId: accountOf(request).user.id,
    ip: request.ip,
    locale: localeFromAcceptLanguage(request.headers['accept-language']),
  };
}

/** The support back office's API: support staff only (401 without a session, 403 otherwise). */
export const supportRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const service = (request: FastifyRequest) => createSupportService(serviceContext(app, request));
  const supportOnly = { onRequest: app.requireSupport };

  app.get(supportUsers.path, { ...supportOnly, schema: schemaOf(supportUsers) }, (request) =>
    service(request).users(readerOf(request), request.query),
  );

  app.get(supportUserShow.path, { ...supportOnly, schema: schemaOf(supportUserShow) }, (request) =>
    service(request).user(readerOf(request), request.params.id),
  );

  app.get(
    supportUserAccessLog.path,
    { ...supportOnly, schema: schemaOf(supportUserAccessLog) },
    (request) =>
      service(request).accessHistory(readerOf(request), request.params.id, request.query),
  );
  done();
};
