import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { httpError } from '#app/errors.ts';
import { createSessionRepository } from '#app/modules/sessions/repository.ts';
import { createSessionService } from '#app/modules/sessions/service.ts';
import { createUserRepository, type User } from '#app/modules/users/repository.ts';

/** A request's signed-in user and the session it came with. */
export interface SignedIn {
  sessionId: number;
  user: User;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed-in user of a request's bearer token, or null; never throws for a bad token. */
    authenticate: (request: FastifyRequest) => Promise<SignedIn | null>;
    /** An onRequest hook: 401 without a live session. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** An onRequest hook: 401 without a live session, 403 for anyone but support staff. */
    requireSupport: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    account: SignedIn | null;
  }
}

const bearer = /^Bearer (\S+)$/;

/**
 * Sessions by `Authorization: Bearer <token>` only: a token in a URL or a cookie is never
 * looked at (URLs end up in logs and histories).
 */
const authentication: FastifyPluginCallback = (app, _options, done) => {
  const sessions = createSessionService(createSessionRepository(app.database.db), app.clock);
  const users = createUserRepository(app.database.db);

  app.decorateRequest('account', null);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearer.exec(request.headers.authorization ?? '')?.[1];
    const session = token === undefined ? undefined : await sessions.resume(token);
    const user = session && (await users.byId(session.userId));
    request.account = session && user ? { sessionId: session.sessionId, user } : null;
    return request.account;
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!(await app.authenticate(request))) throw httpError(401, 'errors.unauthorized');
  });

  app.decorate('requireSupport', async (request: FastifyRequest) => {
    const account = await app.authenticate(request);
    if (!account) throw httpError(401, 'errors.unauthorized');
    if (!account.user.isSupport) {
      request.log.warn({ event: 'access_denied', userId: account.user.id }, 'support role needed');
      throw httpError(403, 'errors.forbidden');
    }
  });
  done();
};

export default fp(authentication, { name: 'authentication', dependencies: ['database'] });

/** The signed-in user of a route behind `requireUser`. */
export function accountOf(request: FastifyRequest): SignedIn {
  if (!request.account) throw httpError(401, 'errors.unauthorized');
  return request.account;
}
