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
import {
  customerWithSession,
  searchWithSession,
  type ShownCustomer,
  type TotalledRow,
} from './repository.ts';
import {
  createSupportService,
  customerWithSessionValues,
  searchWithSessionValues,
  type Reader,
} from './service.ts';

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

  /** The user page is read and logged by the sign-in check too, for a valid id. */
  const shown: RequestRead<ShownCustomer> = {
    read: customerWithSession,
    valuesOf(request) {
      const params = supportUserShow.params.safeParse(request.params);
      if (!params.success) return undefined;
      return customerWithSessionValues(params.data.id, request.ip, app.clock.now());
    },
  };

  app.get(
    supportUserShow.path,
    { ...supportOnly, config: { readWithSession: shown }, schema: schemaOf(supportUserShow) },
    (request) => {
      const rows = rowsReadWithSession(request, shown);
      // Only a valid id passes the validation, and for a valid id the sign-in check read.
      if (rows === undefined) throw new Error('the user page was not read with the session');
      return service(request).user(readerOf(request), rows);
    },
  );

  app.get(
    supportUserAccessLog.path,
    { ...supportOnly, schema: schemaOf(supportUserAccessLog) },
    (request) =>
      service(request).accessHistory(readerOf(request), request.params.id, request.query),
  );
  done();
};
