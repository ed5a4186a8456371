import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '#app/test/build-test-app.ts';

const apps: FastifyInstance[] = [];

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function appWith(env: Record<string, string>) {
  const app = await buildTestApp(env);
  apps.push(app);
  return app;
}

/** A client address of its own per run, so counters left in a shared Redis never matter. */
function randomClient() {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

describe('API rate limit', () => {
  it('answers 429 with Retry-After in the envelope once a client passes the limit', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '2' });
    const call = () => app.inject({ url: '/api/app/contact/main', remoteAddress: '10.0.0.7' });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      status: 'error',
      message: 'ძალიან ბევრი მცდელობა, გთხოვთ, სცადოთ მოგვიანებით',
    });

    const otherClient = await app.inject({
      url: '/api/app/contact/main',
      remoteAddress: '10.0.0.8',
    });
    expect(otherClient.statusCode).toBe(200);
  });

  it('counts every call before the route’s gate: a flood of bogus tokens is limited too', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '3' });
    const call = (url: string) =>
      app.inject({
        url,
        remoteAddress: '10.0.0.10',
        headers: { authorization: `Bearer ${'b'.repeat(43)}` },
      });
    const answers = [];
    for (const url of ['/api/loans-show', '/api/questionnaires', '/api/checking/users']) {
      answers.push((await call(url)).statusCode);
    }
    expect(answers).toEqual([401, 401, 401]);
    expect((await call('/api/loans-show')).statusCode).toBe(429);
    // A route with a limit of its own counts against the ceiling as well.
    expect(
      (await app.inject({ url: '/api/sso/user-info?sso_token=x', remoteAddress: '10.0.0.10' }))
        .statusCode,
    ).toBe(429);
  });

  it('counts every spelling of an API path the router takes as that path', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '3' });
    const answers = [];
    for (const url of [
      '/api/app/contact/main',
      '/%61pi/app/contact/main',
      '/a%70i/app/contact/main',
    ]) {
      const response = await app.inject({ url, remoteAddress: '10.0.0.11' });
      expect(response.headers['cache-control']).toBe('no-store');
      answers.push(response.statusCode);
    }
    expect(answers).toEqual([200, 200, 200]);
    expect(
      (await app.inject({ url: '/%61%70%69/app/contact/main', remoteAddress: '10.0.0.11' }))
        .statusCode,
    ).toBe(429);
  });

  it('keeps a route’s own cap through an encoded spelling: registered phones cannot be enumerated', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '1000' });
    const check = (url: string) =>
      app.inject({
        method: 'POST',
        url,
        payload: { phone: '599123456' },
        remoteAddress: '10.0.0.12',
      });
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await check('/api/phone-checking-exists')).statusCode).not.toBe(429);
      expect((await check('/%61pi/phone-checking-exists')).statusCode).not.toBe(429);
    }
    expect((await check('/a%70i/phone-checking-exists')).statusCode).toBe(429);
  });

  it('does not count probes', async () => {
    const app = await appWith({ RATE_LIMIT_PER_MINUTE: '1' });
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await app.inject({ url: '/healthz', remoteAddress: '10.0.0.9' })).statusCode).toBe(
        200,
      );
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)(
    'shares the counters between instances through Redis',
    async () => {
      const env = { RATE_LIMIT_PER_MINUTE: '2', REDIS_URL: process.env.TEST_REDIS_URL ?? '' };
      const [first, second] = [await appWith(env), await appWith(env)];
      const client = randomClient();
      const call = (app: FastifyInstance) =>
        app.inject({ url: '/api/app/contact/main', remoteAddress: client });
      expect((await call(first)).statusCode).toBe(200);
      expect((await call(second)).statusCode).toBe(200);
      expect((await call(first)).statusCode).toBe(429);
    },
  );

  it('keeps serving when Redis cannot be reached', async () => {
    const app = await appWith({ REDIS_URL: 'redis://127.0.0.1:1' });
    const response = await app.inject({
      url: '/api/app/contact/main',
      remoteAddress: randomClient(),
    });
    expect(response.statusCode).toBe(200);
  });
});
