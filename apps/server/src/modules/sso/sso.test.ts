import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningTestApp } from '#app/test/listening-app.ts';
import { signInAtSandbox } from '#app/test/sandbox-browser.ts';
import { testClock } from '#app/test/test-clock.ts';

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

async function initiate(state: Record<string, unknown> = { context: 'registration' }) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sso/initiate',
    payload: { state },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ sso_token: string; auth_url: string }>();
}

function callback(code: string, token: string) {
  return app.inject({ method: 'POST', url: '/api/sso/callback', payload: { code, token } });
}

describe('single sign-on through the sandbox provider', () => {
  it('signs in, completes the transaction and tells user-info who it was', async () => {
    const { sso_token, auth_url } = await initiate();
    const returned = await signInAtSandbox(auth_url, baseUrl, giorgi);
    const code = returned.searchParams.get('code');
    expect(code).toBeTruthy();
    const completed = await callback(code ?? '', sso_token);
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toEqual({
      status: 'success',
      message: 'SSO ავტორიზაცია წარმატებით დასრულდა',
      state: { context: 'registration', loan_id: null },
    });
    const info = await app.inject({ url: `/api/sso/user-info?sso_token=${sso_token}` });
    expect(info.json()).toEqual({
      status: 'success',
      user_info: { name: 'გიორგი', surname: 'ბერიძე', identity_number: '01001000011' },
    });
  });
});
