import * as contract from '@sesxi/contract';
import type { Endpoint } from '@sesxi/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '#app/db/database.ts';
import { sessions, users } from '#app/db/schema.ts';
import {
  createSessionRepository,
  sessionRead,
  signedInUserId,
  createSessionService,
} from '#app/modules/sessions/index.ts';
import { tokenHash } from '#app/security/tokens.ts';
import { bearer, sandboxSupportToken } from '#app/test/accounts.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { onboardedCustomer, sdaVerifiedCustomer, startSession } from '#app/test/onboarding.ts';
import { testClock } from '#app/test/test-clock.ts';
import { phoneSeries } from '#app/test/unique.ts';
import { insertCustomer } from '#app/test/users.ts';
import { accountOf, rowsReadWithSession } from './authentication.ts';

const clock = testClock();
let app: FastifyInstance;

/** A read of the signed-in user's phone, done with the session by a route's sign-in check. */
const phoneRead = sessionRead<{ phone: string }>('test_session_phone', {
  rows: sql`select ${users.phone} as "phone" from ${users} where ${users.id} = ${signedInUserId}`,
  orderBy: sql`"read"."phone"`,
  decodeRow: () => {},
});
const freshPhone = phoneSeries('59540');

beforeAll(async () => {
  // The walk below calls every route in the contract from one address within a minute, more
  // than the per-address ceiling allows; the ceiling has tests of its own.
  app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000' }, { clock });
  app.get('/api/test/me', { onRequest: app.requireUser }, (request) => ({
    status: 'success',
    id: accountOf(request).user.id,
  }));
  app.get('/api/test/support-only', { onRequest: app.requireSupport }, () => ({
    status: 'success',
  }));
  app.get('/api/test/onboarded-only', { onRequest: app.requireOnboarded }, () => ({
    status: 'success',
  }));
  app.get(
    '/api/test/onboarded-phone',
    { onRequest: app.requireOnboarded, config: { readWithSession: phoneRead } },
    (request) => ({ status: 'success', rows: rowsReadWithSession(request, phoneRead) }),
  );
  app.get('/api/test/me-phone', { onRequest: app.requireUser }, (request) => ({
    status: 'success',
    rows: rowsReadWithSession(request, phoneRead),
  }));
});

afterAll(() => app.close());

const minute = 60_000;

async function signIn(): Promise<string> {
  const user = await insertCustomer(app, { phone: freshPhone() });
  return createSessionService(createSessionRepository(app.database.db), clock).start(user.id);
}

function me(headers: Record<string, string> = {}, url = '/api/test/me') {
  return app.inject({ url, headers });
}

const unauthorized = { status: 'error', message: 'გთხოვთ, გაიაროთ ავტორიზაცია' };

/** Calls that need no session: everything else in the contract must answer 401 without one. */
const publicEndpoints = new Set<Endpoint>([
  contract.healthz,
  contract.readyz,
  contract.contactMain,
  contract.devSmsOutbox,
  contract.devClockShow,
  contract.devClockMove,
  contract.ssoInitiate,
  contract.ssoCallback,
  contract.ssoUserInfo,
  contract.registerForm,
  contract.register,
  contract.phoneChecking,
  contract.phoneCheckingExists,
  contract.codeSending,
  contract.codeChecking,
  contract.login,
  contract.restorePassword,
  contract.contentShow,
  contract.cardPaymentCallback,
]);

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'response' in value
  );
}

describe('every signed-in route of the contract', () => {
  const served = () =>
    Object.values(contract as Record<string, unknown>)
      .filter(isEndpoint)
      .filter((endpoint) => !publicEndpoints.has(endpoint))
      .filter((endpoint) => app.hasRoute({ method: endpoint.method, url: endpoint.path }));

  it('covers the account routes', () => {
    expect(served().map((endpoint) => endpoint.path)).toEqual(
      expect.arrayContaining([
        '/api/logout',
        '/api/change-password',
        '/api/sda-checking',
        '/api/questionnaires',
        '/api/questionnaires/create',
      ]),
    );
  });

  it.each([
    ['no Authorization header', {}],
    ['a token not issued', bearer('x'.repeat(43))],
    ['a malformed header', { authorization: 'Bearer' }],
    ['another scheme', { authorization: `Basic ${'x'.repeat(43)}` }],
  ])('answers 401 with %s', async (_case, headers) => {
    for (const endpoint of served()) {
      const response = await app.inject({
        method: endpoint.method,
        url: endpoint.path.replaceAll(/:\w+/g, '1'),
        headers: headers as Record<string, string>,
        ...(endpoint.method === 'POST' && { payload: {} }),
      });
      expect([endpoint.path, response.statusCode]).toEqual([endpoint.path, 401]);
      expect(response.json()).toEqual(unauthorized);
    }
  });
});

describe('bearer sessions', () => {
  it('identify the user', async () => {
    const token = await signIn();
    const response = await me(bearer(token));
    expect(response.statusCode).toBe(200);
  });

  it('are stored as the SHA-256 of the token, never the token', async () => {
    const token = await signIn();
    const stored = await app.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(stored.map((row) => row.tokenHash)).toContain(tokenHash(token));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('are never read from the URL or a cookie', async () => {
    const token = await signIn();
    for (const url of [`/api/test/me?apiToken=${token}`, `/api/test/me?token=${token}`]) {
      expect((await me({}, url)).statusCode).toBe(401);
    }
    expect((await me({ cookie: `apiToken=${token}` })).statusCode).toBe(401);
  });

  it('slide: 30 minutes without use end a session, use keeps it', async () => {
    const token = await signIn();
    clock.advance(29 * minute);
    expect((await me(bearer(token))).statusCode).toBe(200);
    clock.advance(29 * minute);
    expect((await me(bearer(token))).statusCode).toBe(200);
    clock.advance(30 * minute);
    expect((await me(bearer(token))).statusCode).toBe(401);
  });

  it('write their last use at most once a minute, and never for an unknown token', async () => {
    for (const statement of [
      sql`create table session_writes (n int)`,
      sql`create function count_session_writes() returns trigger language plpgsql as $$
        begin insert into session_writes values (1); return null; end $$`,
      sql`create trigger sessions_written after update on sessions
        for each statement execute function count_session_writes()`,
    ]) {
      await app.database.db.execute(statement);
    }
    const writes = async () => {
      const result = await app.database.db.execute(
        sql`select count(*)::int as n from session_writes`,
      );
      return rowsOf<{ n: number }>(result)[0]?.n;
    };
    const token = await signIn();
    const signedInAt = clock.now();
    const lastUse = async () => {
      const [row] = await app.database.db
        .select({ lastUsedAt: sessions.lastUsedAt })
        .from(sessions)
        .where(eq(sessions.tokenHash, tokenHash(token)));
      return row?.lastUsedAt;
    };

    for (let call = 0; call < 5; call++) {
      expect((await me(bearer('x'.repeat(43)))).statusCode).toBe(401);
    }
    clock.advance(59_000);
    for (let call = 0; call < 5; call++) expect((await me(bearer(token))).statusCode).toBe(200);
    expect(await writes()).toBe(0);
    expect(await lastUse()).toEqual(signedInAt);

    clock.advance(1_000);
    expect((await me(bearer(token))).statusCode).toBe(200);
    expect((await me(bearer(token))).statusCode).toBe(200);
    expect(await writes()).toBe(1);
    expect(await lastUse()).toEqual(clock.now());
  });

  it('are refused at once when revoked elsewhere, even just after use', async () => {
    const token = await signIn();
    expect((await me(bearer(token))).statusCode).toBe(200);
    // Another instance (a logout, a password change) revokes it in the database.
    await app.database.db
      .update(sessions)
      .set({ revokedAt: clock.now() })
      .where(eq(sessions.tokenHash, tokenHash(token)));
    const refused = await me(bearer(token));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(unauthorized);
  });

  // Counted in transaction ids, which only PGlite's one database hands out alone: on a
  // PostgreSQL server, parallel test files' databases take them too.
  it.skipIf(process.env.TEST_DATABASE_URL)(
    'cost no write anywhere for a well-formed token that was never issued',
    async () => {
      // An xid is given to a transaction only when it writes; reading the counter takes one.
      const nextXid = async () =>
        Number(
          rowsOf<{ xid: string }>(
            await app.database.db.execute(sql`select txid_current() as xid`),
          )[0]?.xid,
        );
      const before = await nextXid();
      for (const url of ['/api/test/me', '/api/test/support-only', '/api/test/onboarded-only']) {
        expect((await me(bearer('z'.repeat(43)), url)).statusCode).toBe(401);
      }
      expect(await nextXid()).toBe(before + 1);
    },
  );

  it('end 12 hours after sign-in however much they are used', async () => {
    const token = await signIn();
    for (let elapsed = 0; elapsed < 12 * 60 - 25; elapsed += 25) {
      clock.advance(25 * minute);
      expect((await me(bearer(token))).statusCode).toBe(200);
    }
    clock.advance(25 * minute);
    expect((await me(bearer(token))).statusCode).toBe(401);
  });
});

describe('the support guard', () => {
  it('answers 401 without a session, 403 for a customer and lets support staff in', async () => {
    expect((await me({}, '/api/test/support-only')).statusCode).toBe(401);
    const customer = await me(bearer(await signIn()), '/api/test/support-only');
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toEqual({
      status: 'error',
      message: 'ამ მოქმედების შესრულების უფლება არ გაქვთ',
    });
    const apiToken = await sandboxSupportToken(app);
    expect((await me(bearer(apiToken), '/api/test/support-only')).statusCode).toBe(200);
  });
});

describe('the onboarding gate', () => {
  const onboardedOnly = (headers: Record<string, string> = {}) =>
    me(headers, '/api/test/onboarded-only');

  it('answers 401 without a session', async () => {
    expect((await onboardedOnly()).statusCode).toBe(401);
  });

  it('asks for the personal-data check first, then for the questionnaire', async () => {
    const fresh = await insertCustomer(app, { phone: freshPhone() });
    const beforeSda = await onboardedOnly(bearer(await startSession(app, fresh.id)));
    expect(beforeSda.statusCode).toBe(403);
    expect(beforeSda.json()).toEqual({
      status: 'error',
      message: 'გთხოვთ, ჯერ დაეთანხმოთ პერსონალური მონაცემების შემოწმებას',
    });
    const { token } = await sdaVerifiedCustomer(app, { phone: freshPhone() });
    const beforeQuestionnaire = await onboardedOnly(bearer(token));
    expect(beforeQuestionnaire.statusCode).toBe(403);
    expect(beforeQuestionnaire.json()).toEqual({
      status: 'error',
      message: 'გთხოვთ, ჯერ შეავსოთ კითხვარი',
    });
  });

  it('lets an onboarded customer in and keeps support staff out', async () => {
    const { token } = await onboardedCustomer(app, { phone: freshPhone() });
    expect((await onboardedOnly(bearer(token))).statusCode).toBe(200);
    expect((await onboardedOnly(bearer(await sandboxSupportToken(app)))).statusCode).toBe(403);
  });
});

describe('a route’s read with the session (readWithSession)', () => {
  const onboardedPhone = (headers: Record<string, string> = {}) =>
    me(headers, '/api/test/onboarded-phone');

  it('answers the signed-in user’s rows from the session’s one statement', async () => {
    const { token, user } = await onboardedCustomer(app, { phone: freshPhone() });
    const statement = vi.spyOn(phoneRead, 'statement');
    try {
      const response = await onboardedPhone(bearer(token));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'success', rows: [{ phone: user.phone }] });
      expect(statement).toHaveBeenCalledTimes(1);
    } finally {
      statement.mockRestore();
    }
  });

  it('keeps the session rules and the route’s gates: 401 when idle, 403 before onboarding', async () => {
    const { token } = await sdaVerifiedCustomer(app, { phone: freshPhone() });
    const refused = await onboardedPhone(bearer(token));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 'error', message: 'გთხოვთ, ჯერ შეავსოთ კითხვარი' });

    const onboarded = await onboardedCustomer(app, { phone: freshPhone() });
    expect((await onboardedPhone(bearer(onboarded.token))).statusCode).toBe(200);
    clock.advance(31 * minute);
    expect((await onboardedPhone(bearer(onboarded.token))).statusCode).toBe(401);
    expect((await onboardedPhone(bearer('z'.repeat(43)))).statusCode).toBe(401);
  });

  it('is a server error to take rows a route does not read with its session', async () => {
    const token = await signIn();
    expect((await me(bearer(token), '/api/test/me-phone')).statusCode).toBe(500);
  });
});
