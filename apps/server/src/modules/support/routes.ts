import {
  localeFromAcceptLanguage,
  supportUserAccessLog,
  supportUsers,
  supportUserShow,
} from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { validPartOf } from '#app/http/validator.ts';
import { accountOf, rowsReadWithSession, type RequestRead } from '#app/plugins/authentication.ts';
import { serviceContext } from '#app/service-context.ts';
import {
  customerWithSession,
  everyCustomerWithSession,
  searchWithSession,
  type ShownCustomer,
  type TotalledRow,
} from './repository.ts';
import { customerWithSessionValues, listWithSessionValues } from './read-values.ts';
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

  /**
   * A list page, with or without a search, is read and logged by the sign-in check, in the
   * session's statement: one round trip. A query that fails validation reads nothing there (the
   * session is resolved alone, and the gates and then the validation answer).
   */
  const list: RequestRead<TotalledRow> = {
    readOf(request) {
      const query = validPartOf(supportUsers.query, request.query);
      if (!query) return undefined;
      return {
        read: query.search === '' ? everyCustomerWithSession : searchWithSession,
        values: listWithSessionValues(query, request.ip, app.clock.now()),
      };
    },
  };

  app.get(
    supportUsers.path,
    { config: { readWithSession: list }, schema: schemaOf(supportUsers) },
    (request) =>
      service(request).users(readerOf(request), request.query, rowsReadWithSession(request, list)),
  );

  /** The user page is read and logged by the sign-in check too, for a valid id. */
  const shown: RequestRead<ShownCustomer> = {
    readOf(request) {
      const params = validPartOf(supportUserShow.params, request.params);
      if (!params) return undefined;
      const values = customerWithSessionValues(params.id, request.ip, app.clock.now());
      return { read: customerWithSession, values };
    },
  };

  app.get(
    supportUserShow.path,
    { config: { readWithSession: shown }, schema: schemaOf(supportUserShow) },
    (request) => service(request).user(readerOf(request), rowsReadWithSession(request, shown)),
  );

  app.get(supportUserAccessLog.path, { schema: schemaOf(supportUserAccessLog) }, (request) =>
    service(request).accessHistory(readerOf(request), request.params.id, request.query),
  );
  done();
};
