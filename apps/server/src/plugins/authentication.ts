import { access, accessName, type Access, type MessageKey } from '@sesxi/contract';
import type { FastifyPluginCallback, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { users } from '#app/db/schema.ts';
import { HttpError, httpError } from '#app/errors.ts';

/** A request's signed-in user (with the gates' facts) and the session it came with. */
export interface SignedIn {
  sessionId: number;
  user: Omit<typeof users.$inferSelect, 'passwordHash' | 'searchText'> & {
    hasQuestionnaire: boolean;
  };
}

/**
 * A read a route does with the session lookup (the sessions module's SessionRead): this plugin
 * only hands it to the lookup, and its rows to the route.
 */
export interface SessionRead<Row> {
  decodeRow(row: Row): void;
}

/**
 * How a bearer token becomes a session (the sessions module's service, handed in by app.ts):
 * undefined for a token of no live session.
 */
export interface SessionLookup {
  resume(token: string): Promise<SignedIn | undefined>;
  resumeWith(
    token: string,
    read: SessionRead<unknown>,
    values: Record<string, unknown>,
  ): Promise<(SignedIn & { alongside: unknown[] }) | undefined>;
}

export interface AuthenticationOptions {
  sessions: SessionLookup;
  /**
   * The access the contract declares for a route (`GET`, `/api/staff`), undefined for a route
   * it does not know: each declared route gets its gate from here, and from nowhere else.
   */
  accessOf: (method: string, url: string) => Access | undefined;
  /** The biller a bearer key is (`BILLER_KEYS`), undefined for none, compared in constant time. */
  billerOf: (key: string) => string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed-in user of a request's bearer token, or null; never throws for a bad token. */
    authenticate: (request: FastifyRequest) => Promise<SignedIn | null>;
    /**
     * The gates of routes outside the contract (tests' own), as a declared route of the same
     * access gets them: 401 without a live session, 403 `auth.passwordChangeRequired` while the
     * account must change its temporary password, 403 to anyone else the access does not admit.
     */
    requireUser: Gate;
    requireSupport: Gate;
    requireOnboarded: Gate;
    /**
     * The access of every route registered after this plugin, by `METHOD url` (undefined for
     * one the contract does not declare): what the gates enforce, for the route-access test.
     */
    routeAccess: ReadonlyMap<string, Access | undefined>;
  }
  interface FastifyRequest {
    account: SignedIn | null;
    /** The biller whose key a `biller` route was called with (its gate sets it). */
    biller: string | null;
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
const authentication: FastifyPluginCallback<AuthenticationOptions> = (
  app,
  { sessions, accessOf, billerOf },
  done,
) => {
  app.decorateRequest('account', null);
  app.decorateRequest('biller', null);

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

  async function onboarded(request: FastifyRequest): Promise<SignedIn> {
    const account = await sdaVerified(request);
    if (!account.user.hasQuestionnaire) {
      throw deny(request, account, 'questionnaire_required', 'gate.questionnaireRequired');
    }
    return account;
  }

  const customerGates = { registered: customer, sda_verified: sdaVerified, onboarded };

  /** A biller's key rather than a session: 401 (and a warning) for any other token. */
  function biller(request: FastifyRequest): Promise<void> {
    const key = bearer.exec(request.headers.authorization ?? '')?.[1];
    request.biller = (key !== undefined && billerOf(key)) || null;
    if (request.biller) return Promise.resolve();
    request.log.warn({ event: 'access_denied', reason: 'biller_key' }, 'no biller key');
    return Promise.reject(httpError(401, 'errors.unauthorized'));
  }

  /**
   * The one place an access becomes a check: an onRequest hook that answers 401 without a live
   * session and 403 to anyone the access does not admit; none for a public route.
   */
  function gateOf(declared: Access): Gate | undefined {
    switch (declared.kind) {
      case 'public':
        return undefined;
      case 'session':
        return hook(session);
      case 'signed_in':
        return hook(signedIn);
      case 'customer':
        return hook(customerGates[declared.stage]);
      case 'staff': {
        const { role } = declared;
        return hook(async (request) => {
          const account = await signedIn(request);
          if (!account.user.roles.includes(role)) {
            throw deny(request, account, `${role}_only`, 'errors.forbidden');
          }
        });
      }
      case 'biller':
        return biller;
    }
  }

  /** A gate for routes outside the contract (tests' own): the same check as a declared route's. */
  function decorateGate(name: GateName, declared: Access) {
    const gate = gateOf(declared);
    if (!gate) throw new Error(`${name}: ${accessName(declared)} needs no gate`);
    app.decorate(name, gate);
  }
  decorateGate('requireUser', access.signedIn);
  decorateGate('requireSupport', access.staff('support'));
  decorateGate('requireOnboarded', access.onboarded);

  // Every route the contract declares gets its access's gate, before its own onRequest hooks.
  const routeAccess = new Map<string, Access | undefined>();
  app.decorate('routeAccess', routeAccess);
  app.addHook('onRoute', (route) => {
    const declared = accessOf(methodOf(route), route.url);
    for (const method of [route.method].flat()) routeAccess.set(`${method} ${route.url}`, declared);
    const gate = declared && gateOf(declared);
    if (gate) route.onRequest = [gate, ...[route.onRequest ?? []].flat()];
  });
  done();
};

/** An onRequest hook that lets a request through or throws its 401 or 403. */
export type Gate = (request: FastifyRequest) => Promise<void>;

type GateName = 'requireUser' | 'requireSupport' | 'requireOnboarded';

function hook(check: (request: FastifyRequest) => Promise<unknown>): Gate {
  return async (request) => {
    await check(request);
  };
}

/** The method a route is declared under: GET for the HEAD route Fastify adds beside a GET. */
function methodOf(route: RouteOptions): string {
  const [method = 'GET'] = [route.method].flat();
  return method === 'HEAD' ? 'GET' : method;
}

export default fp(authentication, { name: 'authentication' });

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
