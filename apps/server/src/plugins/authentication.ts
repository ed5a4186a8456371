import type { MessageKey, StaffRole } from '@sesxi/contract';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, httpError } from '#app/errors.ts';
import { createSessionRepository, type SessionRead } from '#app/modules/sessions/repository.ts';
import { createSessionService, type ActiveSession } from '#app/modules/sessions/service.ts';

/** A request's signed-in user (with the gates' facts) and the session it came with. */
export type SignedIn = ActiveSession;

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed-in user of a request's bearer token, or null; never throws for a bad token. */
    authenticate: (request: FastifyRequest) => Promise<SignedIn | null>;
    /**
     * An onRequest hook for the account's own session (logout, change of password): 401
     * without a live session; a session that must change its temporary password passes.
     */
    requireSession: (request: FastifyRequest) => Promise<void>;
    /**
     * An onRequest hook: 401 without a live session, 403 `auth.passwordChangeRequired` while
     * the account must change its temporary password (as every gate below answers then).
     */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** An onRequest hook: 401 without a live session, 403 for anyone but support staff. */
    requireSupport: (request: FastifyRequest) => Promise<void>;
    /** An onRequest hook: 401 without a live session, 403 for anyone but credit officers. */
    requireCreditOfficer: (request: FastifyRequest) => Promise<void>;
    /** An onRequest hook: 401 without a live session, 403 for anyone but content editors. */
    requireContentEditor: (request: FastifyRequest) => Promise<void>;
    /** An onRequest hook: 401 without a live session, 403 for anyone but admins. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** An onRequest hook for customers' own screens: 401 without a session, 403 for support. */
    requireCustomer: (request: FastifyRequest) => Promise<void>;
    /** requireCustomer, then 403 `gate.sdaRequired` until the personal-data check has passed. */
    requireSdaVerified: (request: FastifyRequest) => Promise<void>;
    /** requireSdaVerified, then 403 `gate.questionnaireRequired` without a questionnaire. */
    requireOnboarded: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    account: SignedIn | null;
    /** The rows of the route's `readWithSession`, read by the sign-in check; see rowsReadWithSession. */
    rowsReadWithSession: unknown[] | null;
  }
  interface FastifyContextConfig {
    /**
     * What the route reads of the signed-in user, read by its sign-in check in the session's
     * statement (one round trip instead of two), with values from the request when it is a
     * RequestRead; the handler takes the rows with rowsReadWithSession.
     */
    readWithSession?: SessionRead<unknown> | RequestRead<unknown>;
  }
}

/**
 * A read with the session that takes values from the request (its query, its address):
 * `readOf` answers the read and its values, or undefined for a request it does not read for (an
 * invalid query, say). Then the sign-in check resolves the session alone, and the route's gates
 * and its validation answer as they would without the read. It runs before the route's
 * validation, so it parses what it takes itself, with the route's schema.
 */
export interface RequestRead<Row> {
  readOf(
    request: FastifyRequest,
  ): { read: SessionRead<Row>; values: Record<string, unknown> } | undefined;
}

/** The route's read with the session and its values, or undefined to resolve the session alone. */
function readOf(request: FastifyRequest) {
  const config = request.routeOptions.config.readWithSession;
  if (config === undefined) return undefined;
  if (!('readOf' in config)) return { read: config, values: {} };
  return config.readOf(request);
}

const bearer = /^Bearer (\S+)$/;

const signInGates = new WeakSet<object>();

/** Whether `hook` is one of the onRequest hooks here that require a session (OpenAPI marks). */
export function isSignInGate(hook: unknown): boolean {
  return typeof hook === 'function' && signInGates.has(hook);
}

/**
 * The answer to any call but the change of password and logout while the account must change
 * its temporary password: the web app reads `password_change_required` and goes there.
 */
function passwordChangeRequired(): HttpError {
  return new HttpError(403, 'auth.passwordChangeRequired', {
    extra: { password_change_required: true },
  });
}

/**
 * Sessions by `Authorization: Bearer <token>` only: a token in a URL or a cookie is never
 * looked at (URLs end up in logs and histories).
 */
const authentication: FastifyPluginCallback = (app, _options, done) => {
  const sessions = createSessionService(createSessionRepository(app.database.db), app.clock, {
    sandboxAccounts: app.config.services.mode === 'sandbox',
  });

  /** Declares a gate, marked for the OpenAPI document. */
  function gate(name: GateName, hook: (request: FastifyRequest) => Promise<unknown>) {
    const decorated = async (request: FastifyRequest) => {
      await hook(request);
    };
    signInGates.add(decorated);
    app.decorate(name, decorated);
  }

  app.decorateRequest('account', null);

  app.decorateRequest('rowsReadWithSession', null);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearer.exec(request.headers.authorization ?? '')?.[1];
    if (token === undefined) return (request.account = null);
    const read = readOf(request);
    if (read === undefined) return (request.account = (await sessions.resume(token)) ?? null);
    const resumed = await sessions.resumeWith(token, read.read, read.values);
    if (!resumed) return (request.account = null);
    const { alongside, ...account } = resumed;
    request.rowsReadWithSession = alongside;
    return (request.account = account);
  });

  async function session(request: FastifyRequest): Promise<SignedIn> {
    const account = await app.authenticate(request);
    if (!account) throw httpError(401, 'errors.unauthorized');
    return account;
  }

  function deny(
    request: FastifyRequest,
    { user }: SignedIn,
    reason: string,
    error: MessageKey | HttpError,
  ) {
    request.log.warn({ event: 'access_denied', userId: user.id, reason }, 'access denied');
    return error instanceof HttpError ? error : httpError(403, error);
  }

  /** A session that may do more than change its password. */
  async function signedIn(request: FastifyRequest): Promise<SignedIn> {
    const account = await session(request);
    if (account.user.mustChangePassword) {
      throw deny(request, account, 'password_change_required', passwordChangeRequired());
    }
    return account;
  }

  gate('requireSession', session);
  gate('requireUser', signedIn);

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

  gate('requireSupport', requireRole('support'));
  gate('requireCreditOfficer', requireRole('credit_officer'));
  gate('requireContentEditor', requireRole('content_editor'));
  gate('requireAdmin', requireRole('admin'));
  gate('requireCustomer', customer);
  gate('requireSdaVerified', sdaVerified);
  gate('requireOnboarded', async (request: FastifyRequest) => {
    const account = await sdaVerified(request);
    if (!account.user.hasQuestionnaire) {
      throw deny(request, account, 'questionnaire_required', 'gate.questionnaireRequired');
    }
  });
  done();
};

type GateName =
  | 'requireSession'
  | 'requireUser'
  | 'requireSupport'
  | 'requireCreditOfficer'
  | 'requireContentEditor'
  | 'requireAdmin'
  | 'requireCustomer'
  | 'requireSdaVerified'
  | 'requireOnboarded';

export default fp(authentication, { name: 'authentication', dependencies: ['database'] });

/**
 * The rows of `read`, the route's `readWithSession`, as its sign-in check read them with the
 * session (so only once the request is through the route's gates). A RequestRead reads for
 * every request its route's validation lets through: its `readOf` parses with the same schema.
 */
export function rowsReadWithSession<Row>(
  request: FastifyRequest,
  read: SessionRead<Row> | RequestRead<Row>,
): Row[] {
  const rows = request.rowsReadWithSession as Row[] | null;
  if (request.routeOptions.config.readWithSession !== read || !rows) {
    throw new Error('rowsReadWithSession: the route reads nothing with its session');
  }
  return rows;
}

/** The signed-in user of a route behind `requireUser`. */
export function accountOf(request: FastifyRequest): SignedIn {
  if (!request.account) throw httpError(401, 'errors.unauthorized');
  return request.account;
}
