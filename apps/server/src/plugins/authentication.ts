import type { MessageKey, StaffRole } from '@sesxi/contract';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { httpError } from '#app/errors.ts';
import { createSessionRepository } from '#app/modules/sessions/repository.ts';
import { createSessionService, type ActiveSession } from '#app/modules/sessions/service.ts';

/** A request's signed-in user (with the gates' facts) and the session it came with. */
export type SignedIn = ActiveSession;

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed-in user of a request's bearer token, or null; never throws for a bad token. */
    authenticate: (request: FastifyRequest) => Promise<SignedIn | null>;
    /** An onRequest hook: 401 without a live session. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** An onRequest hook: 401 without a live session, 403 for anyone but support staff. */
    requireSupport: (request: FastifyRequest) => Promise<void>;
    /** An onRequest hook: 401 without a live session, 403 for anyone but credit officers. */
    requireCreditOfficer: (request: FastifyRequest) => Promise<void>;
    /** An onRequest hook: 401 without a live session, 403 for anyone but content editors. */
    requireContentEditor: (request: FastifyRequest) => Promise<void>;
    /** An onRequest hook for customers' own screens: 401 without a session, 403 for support. */
    requireCustomer: (request: FastifyRequest) => Promise<void>;
    /** requireCustomer, then 403 `gate.sdaRequired` until the personal-data check has passed. */
    requireSdaVerified: (request: FastifyRequest) => Promise<void>;
    /** requireSdaVerified, then 403 `gate.questionnaireRequired` without a questionnaire. */
    requireOnboarded: (request: FastifyRequest) => Promise<void>;
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

  app.decorateRequest('account', null);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearer.exec(request.headers.authorization ?? '')?.[1];
    request.account = (token === undefined ? undefined : await sessions.resume(token)) ?? null;
    return request.account;
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!(await app.authenticate(request))) throw httpError(401, 'errors.unauthorized');
  });

  async function signedIn(request: FastifyRequest): Promise<SignedIn> {
    const account = await app.authenticate(request);
    if (!account) throw httpError(401, 'errors.unauthorized');
    return account;
  }

  function deny(request: FastifyRequest, { user }: SignedIn, reason: string, key: MessageKey) {
    request.log.warn({ event: 'access_denied', userId: user.id, reason }, 'access denied');
    return httpError(403, key);
  }

  async function customer(request: FastifyRequest): Promise<SignedIn> {
    const account = await signedIn(request);
    if (account.user.isStaff) throw deny(request, account, 'customer_only', 'errors.forbidden');
    return account;
  }

  async function sdaVerified(request: FastifyRequest): Promise<SignedIn> {
    const account = await customer(request);
    if (!account.user.isSdaVerified) {
      throw deny(request, account, 'sda_required', 'gate.sdaRequired');
    }
    return account;
  }

  /** A staff member holding `role`. */
  function requireRole(role: StaffRole) {
    return async (request: FastifyRequest) => {
      const account = await signedIn(request);
      if (!account.user.roles.includes(role)) {
        throw deny(request, account, `${role}_only`, 'errors.forbidden');
      }
    };
  }

  app.decorate('requireSupport', requireRole('support'));
  app.decorate('requireCreditOfficer', requireRole('credit_officer'));
  app.decorate('requireContentEditor', requireRole('content_editor'));

  app.decorate('requireCustomer', async (request: FastifyRequest) => {
    await customer(request);
  });

  app.decorate('requireSdaVerified', async (request: FastifyRequest) => {
    await sdaVerified(request);
  });

  app.decorate('requireOnboarded', async (request: FastifyRequest) => {
    const account = await sdaVerified(request);
    if (!account.user.hasQuestionnaire) {
      throw deny(request, account, 'questionnaire_required', 'gate.questionnaireRequired');
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
