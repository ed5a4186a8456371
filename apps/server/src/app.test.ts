import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from './errors.ts';
import { buildTestApp } from './test/build-test-app.ts';

describe('production mode', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({
      SERVICE_MODE: 'production',
      SMS_API_URL: 'http://127.0.0.1:1/send',
      SMS_API_KEY: 'key',
      SMS_SENDER: 'Sesxi',
      SSO_ISSUER: 'https://sso.example.ge',
      SSO_CLIENT_ID: 'sesxi',
      SSO_CLIENT_SECRET: 'secret',
      CODE_HASH_SECRET: 'c'.repeat(32),
    });
  });

  afterAll(() => app.close());

  it.each(['/api/dev/sms-outbox?phone=599000111', '/dev-idp/.well-known/openid-configuration'])(
    'has no sandbox route: %s is a 404',
    async (url) => {
      expect((await app.inject({ url })).statusCode).toBe(404);
    },
  );

  it('sends SMS through the gateway, not to the outbox', async () => {
    await expect(app.smsSender.send('599000111', 'x')).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
  });

  it('tells browsers to stay on HTTPS', async () => {
    const response = await app.inject({ url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});
