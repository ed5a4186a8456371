import { mobilePhone } from '@sesxi/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldError, HttpError, httpError, ServiceUnavailableError } from '#app/errors.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';

/** Test-only routes: a form with a zod body, and handlers that fail in the ways modules will. */
const probeRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    '/api/test/form',
    {
      schema: {
        body: z.object({
          phone: mobilePhone,
          name: z.string().min(1),
          months: z.number().int().min(3).max(48),
        }),
      },
    },
    (request) => ({ status: 'success', echoed: request.body }),
  );
  app.get('/api/test/phone-taken', () => {
    throw fieldError('phone', 'validation.phone');
  });
  app.get('/api/test/conflict', () => {
    throw httpError(409, 'errors.conflict');
  });
  app.get('/api/test/open-application', () => {
    throw new HttpError(409, 'loan.openExists', {
      params: { id: 7 },
      extra: { loan_id: 7, status: 'success', message: 'forged' },
    });
  });
  app.get('/api/test/gateway-down', () => {
    throw new ServiceUnavailableError('sms');
  });
  app.get('/api/test/bug', () => {
    throw new Error('secret internals at /srv/app.ts:12');
  });
  app.get('/api/test/db-gone', () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
  });
  done();
};

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
  await app.register(probeRoutes);
});

afterAll(() => app.close());

function postJson(payload: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/test/form',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });
}

const validForm = JSON.stringify({ phone: '599123456', name: 'ნინო', months: 12 });

function validFormWith(member: string) {
  return `${validForm.slice(0, -1)},${member}}`;
}

describe('success bodies', () => {
  it('pass through a valid form', async () => {
    const response = await postJson(validForm);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      echoed: { phone: '599123456', name: 'ნინო', months: 12 },
    });
  });
});

describe('validation errors', () => {
  it('answer 422 with Georgian messages under each field', async () => {
    const response = await postJson(JSON.stringify({ phone: '+995599123456', months: 60 }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'გთხოვთ, გაასწოროთ მონიშნული ველები',
      phone: ['შეიყვანეთ 5-ით დაწყებული 9-ნიშნა მობილურის ნომერი'],
      name: ['ველის შევსება სავალდებულოა'],
      months: ['მნიშვნელობა უნდა იყოს მაქსიმუმ 48'],
    });
  });

  it('speak English when Accept-Language prefers it', async () => {
    const response = await postJson(JSON.stringify({ phone: '599123456', name: 'Nino' }), {
      'accept-language': 'en-US,en;q=0.9',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'Please correct the marked fields',
      months: ['This field is required'],
    });
  });

  it('answer 400 when the body is not an object at all', async () => {
    const response = await postJson('[1,2,3]');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'error', message: 'მოთხოვნის ფორმატი არასწორია' });
  });

  it('carry field errors that handlers throw', async () => {
    const response = await app.inject({ url: '/api/test/phone-taken' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      status: 'error',
      phone: ['შეიყვანეთ 5-ით დაწყებული 9-ნიშნა მობილურის ნომერი'],
    });
  });
});

describe('bodies the server refuses', () => {
  // Apart from the flaw under test each body is a valid form, so a flaw let through answers 200.
  it.each([
    ['malformed JSON', '{"phone": "599'],
    ['an empty JSON body', ''],
    ['a __proto__ key', validFormWith('"__proto__":{"admin":true}')],
    ['a constructor.prototype key', validFormWith('"constructor":{"prototype":{"admin":true}}')],
    ['nesting 40 levels deep', validFormWith(`"extra":${'['.repeat(40)}${']'.repeat(40)}`)],
  ])('refuses %s with 400', async (_case, payload) => {
    const response = await postJson(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'error', message: 'მოთხოვნის ფორმატი არასწორია' });
  });

  it('refuses a content type it does not parse with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/form',
      headers: { 'content-type': 'text/plain' },
      payload: validForm,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'მოთხოვნის ეს ტიპი არ არის მხარდაჭერილი',
    });
  });

  it('refuses a JSON body over 100 KB with 413', async () => {
    const payload = JSON.stringify({ phone: '599123456', name: 'x'.repeat(101 * 1024), months: 3 });
    const response = await postJson(payload);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ status: 'error', message: 'მოთხოვნა ძალიან დიდია' });
  });

  it('accepts a JSON body just under the limit', async () => {
    const payload = JSON.stringify({ phone: '599123456', name: 'x'.repeat(99 * 1024), months: 3 });
    expect((await postJson(payload)).statusCode).toBe(200);
  });

  it('answers a URL the router cannot decode with 400', async () => {
    const response = await app.inject({ url: '/api/test/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error' });
  });
});

describe('failures', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/no/such/thing' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        status: 'error',
        message: 'მოთხოვნილი რესურსი ვერ მოიძებნა',
      });
    }
  });

  it('keeps the status a handler chose', async () => {
    const response = await app.inject({ url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'მოქმედება ამ მდგომარეობაში ვერ შესრულდება',
    });
  });

  it('adds the extra fields and the message values an error carries, never over its own keys', async () => {
    const response = await app.inject({ url: '/api/test/open-application' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'თქვენ უკვე გაქვთ მიმდინარე განაცხადი №7, გთხოვთ, ჯერ დაასრულოთ ან გააუქმოთ ის',
      loan_id: 7,
    });
  });

  it('is the only writer of error bodies: a route cannot declare a schema for one', async () => {
    const other = await buildTestApp();
    const declaringConflict = (scope: FastifyInstance) => {
      scope.get(
        '/api/test/declared-conflict',
        { schema: { response: { 200: z.object({}), 409: z.object({ loan_id: z.number() }) } } },
        () => ({}),
      );
      return Promise.resolve();
    };
    try {
      await other.register(declaringConflict);
      await expect(other.ready()).rejects.toThrow(
        'A response schema for an error status on GET /api/test/declared-conflict',
      );
    } finally {
      await other.close();
    }
  });

  it('answers an outside service failure with 503', async () => {
    const response = await app.inject({ url: '/api/test/gateway-down' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'სერვისთან დაკავშირება ვერ ხერხდება',
    });
  });

  it('answers a lost database connection with 503', async () => {
    const response = await app.inject({ url: '/api/test/db-gone' });
    expect(response.statusCode).toBe(503);
  });

  it('hides the details of a bug behind a generic 500', async () => {
    const response = await app.inject({
      url: '/api/test/bug',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'Something went wrong, please try again later',
    });
    expect(response.body).not.toContain('secret');
  });
});

describe('every API answer', () => {
  it('is never cached and carries the request id', async () => {
    for (const url of [
      '/api/test/conflict',
      '/api/no/such/thing',
      '/api/app/contact/main',
      '/%61pi/app/contact/main',
      '/a%70i/no/such/thing',
    ]) {
      const response = await app.inject({ url });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('reuses a well-formed incoming X-Request-Id and replaces a malformed one', async () => {
    const reused = await app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'lb-1234.abcd' },
    });
    expect(reused.headers['x-request-id']).toBe('lb-1234.abcd');
    const replaced = await app.inject({
      url: '/healthz',
      headers: { 'x-request-id': '<script>alert(1)</script>' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
