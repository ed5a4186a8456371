import type { SessionUser } from '@sesxi/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '#app/test/accounts.ts';
import { listeningTestApp } from '#app/test/listening-app.ts';
import { logCapture } from '#app/test/log-capture.ts';
import { lastCodeSentTo } from '#app/test/phone-codes.ts';
import { signInAtSandbox } from '#app/test/sandbox-browser.ts';

const logs = logCapture();
let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  ({ app, baseUrl } = await listeningTestApp({}, { logStream: logs.stream }));
});

afterAll(() => app.close());

function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload, headers });
}

describe('the accounts journey, as the screens call the API', () => {
  const phone = '591234567';
  const password = 'ზაფხული ბათუმში 2026';
  let code = '';

  it('registers through the sandbox provider and the outbox, then logs out and in', async () => {
    const started = await post('/api/sso/initiate', { state: { context: 'registration' } });
    const { sso_token, auth_url } = started.json<{ sso_token: string; auth_url: string }>();
    const returned = await signInAtSandbox(auth_url, baseUrl, { identity: '01001000012' });
    const completed = await post('/api/sso/callback', {
      code: returned.searchParams.get('code'),
      token: sso_token,
    });
    expect(completed.json()).toMatchObject({ state: { context: 'registration' } });
    const info = await app.inject({ url: `/api/sso/user-info?sso_token=${sso_token}` });
    expect(info.json()).toMatchObject({
      user_info: { name: 'ნინო', surname: 'კაპანაძე', identity_number: '01001000012' },
    });

    expect((await post('/api/phone-checking', { phone })).statusCode).toBe(200);
    expect((await post('/api/code-sending', { phone })).statusCode).toBe(200);
    code = await lastCodeSentTo(app, phone);
    expect((await post('/api/code-checking', { phone, code })).statusCode).toBe(200);

    const registered = await post('/api/register', {
      sso_token,
      document_type_id: 1,
      document_number: 'AB1234567',
      phone,
      password,
      password_confirmation: password,
      privacy_policy: true,
    });
    expect(registered.statusCode).toBe(200);
    const { user } = registered.json<{ user: SessionUser }>();
    expect(user).toMatchObject({ name: 'ნინო', surname: 'კაპანაძე', phone });

    expect((await post('/api/logout', {}, bearer(user.apiToken))).statusCode).toBe(200);
    expect((await post('/api/login', { phone, password })).statusCode).toBe(200);
  });

  it('logs the security events and never a code, a token or a password', () => {
    for (const event of ['sso_completed', 'code_sent', 'code_verified', 'registered']) {
      expect(logs.events(event)).toHaveLength(1);
    }
    expect(logs.events('login_succeeded')).toHaveLength(1);
    // The sandbox SMS sender writes each text to the log on purpose (sandbox.md); nothing else may.
    const others = logs.lines
      .filter((line) => line.event !== 'sms_sandbox')
      // Ids and timings are digits that could match a four-digit code by chance.
      .map(({ time: _time, pid: _pid, reqId: _reqId, responseTime: _took, ...rest }) => rest);
    const logged = JSON.stringify(others);
    expect(code).toMatch(/^\d{4}$/);
    expect(logged).not.toMatch(new RegExp(`\\b${code}\\b`));
    expect(logged).not.toContain(password);
  });
});
