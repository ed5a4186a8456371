import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#app/db/schema.ts';
import { TooManyRequestsError } from '#app/errors.ts';
import { createSessionRepository, createSessionService } from '#app/modules/sessions/index.ts';
import { verifyPassword } from '#app/security/password-hashing.ts';
import { sandboxSupportAccount, seedStaffAccounts } from '#app/sandbox/staff-accounts.ts';
import { bearer } from '#app/test/accounts.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { logCapture } from '#app/test/log-capture.ts';
import { testClock } from '#app/test/test-clock.ts';
import { phoneSeries } from '#app/test/unique.ts';
import { insertCustomer } from '#app/test/users.ts';
import { createLoginService } from './service.ts';

const clock = testClock();
const logs = logCapture();
let app: FastifyInstance;
const freshPhone = phoneSeries('59630');

beforeAll(async () => {
  app = await buildTestApp({}, { clock, logStream: logs.stream });
});

afterAll(() => app.close());

function login(phone: string, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { phone, password },
    remoteAddress,
  });
}

const invalidCredentials = {
  status: 'error',
  message: 'გთხოვთ, გაასწოროთ მონიშნული ველები',
  password: ['ტელეფონის ნომერი ან პაროლი არასწორია'],
};

describe('POST /api/login', () => {
  it('signs in with phone and password and answers the user record', async () => {
    const user = await insertCustomer(app, { phone: freshPhone(), password: 'ჩემი პაროლი 2026' });
    const response = await login(user.phone, 'ჩემი პაროლი 2026');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      user: {
        apiToken: expect.stringMatching(/^[\w-]{43}$/) as string,
        name: user.name,
        surname: user.surname,
        phone: user.phone,
        is_sda_verified: false,
        has_questionnaire: false,
        is_identomat_verified: false,
        isSupport: false,
        roles: [],
        must_change_password: false,
      },
    });
    expect(logs.events('login_succeeded')).toContainEqual(
      expect.objectContaining({ userId: user.id }),
    );
  });

  it('answers a wrong password and an unknown phone alike', async () => {
    const { phone } = await insertCustomer(app, { phone: freshPhone() });
    const wrongPassword = await login(phone, 'not the password');
    const unknownPhone = await login(freshPhone(), 'not the password');
    expect(wrongPassword.statusCode).toBe(422);
    expect(unknownPhone.statusCode).toBe(422);
    expect(wrongPassword.json()).toEqual(invalidCredentials);
    expect(unknownPhone.json()).toEqual(invalidCredentials);
  });

  it('takes about as long for an unknown phone as for a wrong password', async () => {
    const { phone } = await insertCustomer(app, { phone: freshPhone() });
    // Rounds alternate, so that a busy machine slows both kinds alike.
    const [wrongTimes, unknownTimes]: [number[], number[]] = [[], []];
    const timed = async (times: number[], attempt: () => Promise<unknown>) => {
      const started = performance.now();
      await attempt();
      times.push(performance.now() - started);
    };
    for (let round = 0; round < 7; round++) {
      await timed(wrongTimes, () => login(phone, 'not the password', '10.9.0.1'));
      await timed(unknownTimes, () => login(freshPhone(), 'not the password', '10.9.0.2'));
    }
    const median = (times: number[]) => times.sort((a, b) => a - b)[3] ?? 0;
    const [wrong, unknown] = [median(wrongTimes), median(unknownTimes)];
    expect(unknown / wrong).toBeGreaterThan(0.33);
    expect(unknown / wrong).toBeLessThan(3);
  });

  it('never logs the password', async () => {
    const { phone } = await insertCustomer(app, { phone: freshPhone() });
    await login(phone, 'hunter2-unique-secret');
    expect(JSON.stringify(logs.lines)).not.toContain('hunter2-unique-secret');
  });

  it('throttles a phone after 10 attempts in 15 minutes, before checking the password', async () => {
    const { phone } = await insertCustomer(app, {
      phone: freshPhone(),
      password: 'right password',
    });
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await login(phone, 'wrong password', `10.8.0.${attempt}`)).statusCode).toBe(422);
    }
    const throttled = await login(phone, 'right password', '10.8.1.1');
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    const minutes = Math.ceil(Number(throttled.headers['retry-after']) / 60);
    expect(throttled.json()).toMatchObject({
      status: 'error',
      password: [`ძალიან ბევრი მცდელობა. გთხოვთ, სცადოთ ${minutes} წუთში`],
    });
    clock.advance(Number(throttled.headers['retry-after']) * 1000);
    expect((await login(phone, 'right password', '10.8.1.1')).statusCode).toBe(200);
  });

  it('hashes nothing once the phone or the address is throttled', async () => {
    const checked: string[] = [];
    const service = createLoginService({
      db: app.database.db,
      clock,
      log: app.log,
      sessions: createSessionService(createSessionRepository(app.database.db), clock),
      sandboxAccounts: true,
      checkPassword: (storedHash, password) => {
        checked.push(password);
        return verifyPassword(storedHash, password);
      },
    });
    const { phone } = await insertCustomer(app, { phone: freshPhone(), password: 'right one' });
    for (let attempt = 0; attempt < 10; attempt++) {
      await expect(service.login(phone, `wrong ${attempt}`, '10.9.0.1')).rejects.toThrow();
    }
    await expect(service.login(phone, 'right one', '10.9.0.2')).rejects.toBeInstanceOf(
      TooManyRequestsError,
    );
    for (let attempt = 10; attempt < 100; attempt++) {
      await service.login(freshPhone(), `spray ${attempt}`, '10.9.0.1').catch(() => undefined);
    }
    await expect(service.login(freshPhone(), 'one more', '10.9.0.1')).rejects.toBeInstanceOf(
      TooManyRequestsError,
    );
    expect(checked).toHaveLength(100);
    expect(checked).not.toContain('right one');
    expect(checked).not.toContain('one more');
  });

  it('throttles unknown phones the same way', async () => {
    const phone = freshPhone();
    for (let attempt = 0; attempt < 10; attempt++) await login(phone, 'guess', '10.7.0.1');
    expect((await login(phone, 'guess', '10.7.0.2')).statusCode).toBe(429);
  });

  it('clears the phone’s count on success', async () => {
    const { phone } = await insertCustomer(app, {
      phone: freshPhone(),
      password: 'right password',
    });
    for (let attempt = 0; attempt < 9; attempt++) await login(phone, 'wrong', '10.6.0.1');
    expect((await login(phone, 'right password', '10.6.0.1')).statusCode).toBe(200);
    for (let attempt = 0; attempt < 9; attempt++) {
      expect((await login(phone, 'wrong', '10.6.0.2')).statusCode).toBe(422);
    }
  });

  it('throttles one address after 100 attempts in 15 minutes, across phones', async () => {
    for (let attempt = 0; attempt < 100; attempt++) {
      expect((await login(freshPhone(), 'guess', '10.5.0.1')).statusCode).toBe(422);
    }
    const throttled = await login(freshPhone(), 'guess', '10.5.0.1');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    expect(logs.events('rate_limit_hit')).toContainEqual(
      expect.objectContaining({ limit: 'ip', ip: '10.5.0.1' }),
    );
    expect((await login(freshPhone(), 'guess', '10.5.0.2')).statusCode).toBe(422);
  });

  it('logs failures without the password', () => {
    const failures = logs.events('login_failed');
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]).not.toHaveProperty('password');
  });
});

describe('POST /api/logout', () => {
  it('revokes the session of the bearer token', async () => {
    const { phone } = await insertCustomer(app, {
      phone: freshPhone(),
      password: 'right password',
    });
    const { user } = (await login(phone, 'right password')).json<{ user: { apiToken: string } }>();
    const logout = () =>
      app.inject({ method: 'POST', url: '/api/logout', headers: bearer(user.apiToken) });
    const first = await logout();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'success' });
    expect((await logout()).statusCode).toBe(401);
    expect(logs.events('token_revoked')).toContainEqual(
      expect.objectContaining({ reason: 'logout' }),
    );
  });

  it('leaves the user’s other sessions alone', async () => {
    const { phone } = await insertCustomer(app, {
      phone: freshPhone(),
      password: 'right password',
    });
    const tokenOf = async () =>
      (await login(phone, 'right password')).json<{ user: { apiToken: string } }>().user.apiToken;
    const [phoneToken, laptopToken] = [await tokenOf(), await tokenOf()];
    await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(phoneToken) });
    const other = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(laptopToken),
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('the sandbox staff accounts', () => {
  it('signs in with sandbox.md’s phone and password, as support staff', async () => {
    const response = await login(sandboxSupportAccount.phone, sandboxSupportAccount.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user: { isSupport: true, roles: ['support'], phone: '599000001' },
    });
  });

  it.each([
    ['599000002', 'Credit-2026', ['credit_officer']],
    ['599000003', 'Credit-2026', ['credit_officer']],
    ['599000004', 'Content-2026', ['content_editor']],
    ['599000005', 'Admin-2026', ['admin']],
  ])('signs in %s with its sandbox.md password and roles %j', async (phone, password, roles) => {
    const response = await login(phone, password, '10.4.0.1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { isSupport: false, roles, phone } });
  });

  it('is seeded once, never overwriting the row', async () => {
    const [before] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.phone, sandboxSupportAccount.phone));
    await seedStaffAccounts(app.database.db);
    const after = await app.database.db
      .select()
      .from(users)
      .where(eq(users.phone, sandboxSupportAccount.phone));
    expect(after).toEqual([before]);
  });
});
