import {
  localeFromAcceptLanguage,
  supportUserAccessLog,
  supportUsers,
  supportUserShow,
} from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { accountOf, rowsReadWithSession, type RequestRead } from '#app/plugins/authentication.ts';
import { serviceContext } from '#app/modules/service-context.ts';
import { searchWithSession, type TotalledRow } from './repository.ts';
import { createSupportService, searchWithSessionValues, type Reader } from './service.ts';

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

  /**
   * A search is read and logged by the sign-in check, in the session's statement: one round
   * trip. A query that fails validation reads nothing there (the session is resolved alone, and
   * the gates and then the validation answer), nor does the list without a search.
   */
  const search: RequestRead<TotalledRow> = {
    read: searchWithSession,
    valuesOf(request) {
      const query = supportUsers.query.safeParse(request.query);
      if (!query.success || query.data.search === '') return undefined;
      return searchWithSessionValues(query.data, request.ip, app.clock.now());
    },
  };

  app.get(
    supportUsers.path,
    { ...supportOnly, config: { readWithSession: search }, schema: schemaOf(supportUsers) },
    (request) =>
      service(request).users(
        readerOf(request),
        request.query,
        rowsReadWithSession(request, search),
      ),
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
