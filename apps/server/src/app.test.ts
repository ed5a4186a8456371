import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from './errors.ts';
import { sandboxSupportAccount } from './sandbox/staff-accounts.ts';
import { buildTestApp } from './test/build-test-app.ts';
import { productionEnv } from './test/production.ts';

describe('production mode', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(productionEnv);
  });

  afterAll(() => app.close());

  it.each(['/api/dev/sms-outbox?phone=599000111', '/dev-idp/.well-known/openid-configuration'])(
    'has no sandbox route: %s is a 404',
    async (url) => {
      expect((await app.inject({ url })).statusCode).toBe(404);
    },
  );

  it('has no sandbox support account', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { phone: sandboxSupportAccount.phone, password: sandboxSupportAccount.password },
    });
    expect(login.statusCode).toBe(422);
  });

  it('sends SMS through the gateway, not to the outbox', async () => {
    await expect(app.smsSender.send('599000111', 'x')).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
  });

  it('checks personal data at the configured registry, not the sandbox', async () => {
    const identity = {
      personalNumber: '01001000011',
      name: 'გიორგი',
      surname: 'ბერიძე',
      documentNumber: '13AB45678',
    };
    await expect(app.sdaRegistry.check(identity)).rejects.toBeInstanceOf(ServiceUnavailableError);
  });

  it('tells browsers to stay on HTTPS', async () => {
    const response = await app.inject({ url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});
