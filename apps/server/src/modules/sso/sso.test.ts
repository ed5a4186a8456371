import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoTransactions } from '#app/db/schema.ts';
import { tokenHash } from '#app/security/tokens.ts';
import {
  bearer,
  completedSsoToken,
  pendingSsoToken,
  postRegistration,
} from '#app/test/accounts.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { listeningTestApp } from '#app/test/listening-app.ts';
import { confirmPhone } from '#app/test/phone-codes.ts';
import { productionEnv } from '#app/test/production.ts';
import { signInAtSandbox } from '#app/test/sandbox-browser.ts';
import { testClock } from '#app/test/test-clock.ts';
import { insertCustomer } from '#app/test/users.ts';

const clock = testClock(new Date());
let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  ({ app, baseUrl } = await listeningTestApp({}, { clock }));
});

afterAll(() => app.close());

const giorgi = {
  personal_number: '01001000011',
  name: 'გიორგი',
  surname: 'ბერიძე',
  action: 'approve',
};
const notCompleted = { status: 'error', message: 'SSO ავტორიზაცია ვერ დასრულდა' };

async function initiate(
  state: Record<string, unknown> = { context: 'registration' },
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sso/initiate',
    headers,
    payload: { state },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ sso_token: string; auth_url: string }>();
}

function callback(code: string, token: string) {
  return app.inject({ method: 'POST', url: '/api/sso/callback', payload: { code, token } });
}

function userInfo(token: string) {
  return app.inject({ url: `/api/sso/user-info?sso_token=${encodeURIComponent(token)}` });
}

/** Starts a sign-in and signs in at the provider: the token and the code the browser got. */
async function signedInAtProvider(state?: Record<string, unknown>) {
  const { sso_token, auth_url } = await initiate(state);
  const returned = await signInAtSandbox(auth_url, baseUrl, giorgi);
  return { token: sso_token, code: returned.searchParams.get('code') ?? '' };
}

describe('POST /api/sso/initiate', () => {
  it('answers a token and the provider’s authorization URL with PKCE S256, state and nonce', async () => {
    const { sso_token, auth_url } = await initiate();
    expect(sso_token).toMatch(/^[\w-]{43}$/);
    const url = new URL(auth_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${baseUrl}/dev-idp/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'sesxi-sandbox',
      response_type: 'code',
      redirect_uri: `${baseUrl}/sso/callback`,
      scope: 'openid profile',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/) as string,
      state: expect.any(String) as string,
      nonce: expect.any(String) as string,
      // A fresh provider interaction every time, whoever signed in before in this browser.
      prompt: 'login',
    });
  });

  it('starts a fresh transaction at every sign-in: new token, state and nonce', async () => {
    const first = await initiate();
    const second = await initiate();
    expect(second.sso_token).not.toBe(first.sso_token);
    const [a, b] = [new URL(first.auth_url), new URL(second.auth_url)];
    expect(b.searchParams.get('state')).not.toBe(a.searchParams.get('state'));
    expect(b.searchParams.get('nonce')).not.toBe(a.searchParams.get('nonce'));
  });

  it('keeps the token hashed and the PKCE verifier on the server', async () => {
    const { sso_token, auth_url } = await initiate();
    const [stored] = await app.database.db
      .select()
      .from(ssoTransactions)
      .where(eq(ssoTransactions.tokenHash, tokenHash(sso_token)));
    expect(stored).toBeDefined();
    expect(auth_url).not.toContain(stored?.codeVerifier);
    expect(JSON.stringify(stored)).not.toContain(sso_token);
  });

  it('remembers who started it, when signed in, and the loan it is for', async () => {
    const user = await insertCustomer(app, { phone: '593000001' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { phone: user.phone, password: 'correct horse battery' },
    });
    const { apiToken } = login.json<{ user: { apiToken: string } }>().user;
    const { sso_token } = await initiate({ context: 'loan', loan_id: 7 }, bearer(apiToken));
    const [stored] = await app.database.db
      .select()
      .from(ssoTransactions)
      .where(eq(ssoTransactions.tokenHash, tokenHash(sso_token)));
    expect(stored).toMatchObject({ context: 'loan', loanId: 7, userId: user.id });
  });

  it('is capped at 30 a minute per address', async () => {
    const start = () =>
      app.inject({
        method: 'POST',
        url: '/api/sso/initiate',
        payload: { state: { context: 'other' } },
        remoteAddress: '10.30.0.1',
      });
    for (let attempt = 0; attempt < 30; attempt++) expect((await start()).statusCode).toBe(200);
    const refused = await start();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('refuses an unknown context with a field error', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/sso/initiate',
      payload: { state: { context: 'admin' } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toHaveProperty('state');
  });
});

describe('POST /api/sso/callback', () => {
  it('completes the transaction and answers where the sign-in started', async () => {
    const { token, code } = await signedInAtProvider({ context: 'loan', loan_id: 12 });
    const response = await callback(code, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      message: 'SSO ავტორიზაცია წარმატებით დასრულდა',
      state: { context: 'loan', loan_id: 12 },
    });
  });

  it('completes a transaction once: the second callback (Back, a reload) hears it is spent', async () => {
    const { token, code } = await signedInAtProvider();
    expect((await callback(code, token)).statusCode).toBe(200);
    const again = await callback(code, token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      status: 'error',
      message: 'ეს SSO ავტორიზაცია უკვე დასრულებულია',
    });
  });

  it('refuses a code with another transaction’s token (PKCE binds the code)', async () => {
    const { code } = await signedInAtProvider();
    const other = await initiate();
    const response = await callback(code, other.sso_token);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(notCompleted);
    expect((await userInfo(other.sso_token)).statusCode).toBe(404);
  });

  it('refuses a made-up code and an unknown token', async () => {
    const { sso_token } = await initiate();
    expect((await callback('made-up-code', sso_token)).json()).toEqual(notCompleted);
    const { code } = await signedInAtProvider();
    for (const token of ['x'.repeat(43), 'short']) {
      const response = await callback(code, token);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(notCompleted);
    }
  });

  it('refuses a transaction older than 15 minutes', async () => {
    const { token, code } = await signedInAtProvider();
    clock.advance(15 * 60_000);
    expect((await callback(code, token)).json()).toEqual(notCompleted);
  });

  it('asks for code and token', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/sso/callback', payload: {} });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<object>())).toEqual(
      expect.arrayContaining(['code', 'token']) as string[],
    );
  });

  it('after a denied sign-in the browser gets access_denied and no code', async () => {
    const { sso_token, auth_url } = await initiate();
    const returned = await signInAtSandbox(auth_url, baseUrl, { action: 'deny' });
    expect(returned.pathname).toBe('/sso/callback');
    expect(returned.searchParams.get('error')).toBe('access_denied');
    expect(returned.searchParams.has('code')).toBe(false);
    expect((await userInfo(sso_token)).statusCode).toBe(404);
  });
});

describe('GET /api/sso/user-info', () => {
  it('names the signed-in person of a completed transaction', async () => {
    const { token, code } = await signedInAtProvider();
    await callback(code, token);
    const response = await userInfo(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      user_info: { name: 'გიორგი', surname: 'ბერიძე', identity_number: '01001000011' },
      already_registered: false,
    });
  });

  it('says at once when an account already has the personal number', async () => {
    const { identityNumber } = await insertCustomer(app, { phone: '593000009' });
    const token = await completedSsoToken(app, {
      givenName: 'ნინო',
      familyName: 'კაპანაძე',
      personalNumber: identityNumber ?? '',
    });
    expect((await userInfo(token)).json()).toMatchObject({ already_registered: true });
  });

  it('answers 404 for a pending, unknown, spent or outdated transaction', async () => {
    const pending = await initiate();
    expect((await userInfo(pending.sso_token)).statusCode).toBe(404);
    expect((await userInfo('x'.repeat(43))).json()).toEqual({
      status: 'error',
      message: 'მოთხოვნილი რესურსი ვერ მოიძებნა',
    });

    const spent = await signedInAtProvider();
    await callback(spent.code, spent.token);
    await confirmPhone(app, '593000002');
    const registered = await postRegistration(app, { phone: '593000002', sso_token: spent.token });
    expect(registered.statusCode).toBe(200);
    expect((await userInfo(spent.token)).statusCode).toBe(404);

    const outdated = await signedInAtProvider();
    await callback(outdated.code, outdated.token);
    clock.advance(30 * 60_000);
    expect((await userInfo(outdated.token)).statusCode).toBe(404);
  });

  it('asks for the token', async () => {
    expect((await app.inject({ url: '/api/sso/user-info' })).statusCode).toBe(422);
  });
});

describe('an unreachable provider', () => {
  it('answers 503 to initiate and callback', async () => {
    const production = await buildTestApp(productionEnv);
    try {
      const started = await production.inject({
        method: 'POST',
        url: '/api/sso/initiate',
        payload: { state: { context: 'registration' } },
      });
      expect(started.statusCode).toBe(503);
      expect(started.json()).toEqual({
        status: 'error',
        message: 'სერვისთან დაკავშირება ვერ ხერხდება',
      });

      const token = await pendingSsoToken(production.database.db, new Date());
      const finished = await production.inject({
        method: 'POST',
        url: '/api/sso/callback',
        payload: { code: 'code', token },
      });
      expect(finished.statusCode).toBe(503);
    } finally {
      await production.close();
    }
  });
});
