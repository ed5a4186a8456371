import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxStaffAccounts, sandboxSupportAccount } from '#app/sandbox/staff-accounts.ts';
import { bearer, sandboxStaffToken, sandboxSupportToken } from '#app/test/accounts.ts';
import { freePort } from '#app/test/listening-app.ts';
import { createLoanViaApi, loanTestApp } from '#app/test/loans.ts';
import { onboardedCustomer } from '#app/test/onboarding.ts';

let app: FastifyInstance;
let close: () => Promise<void>;
let customer: Record<string, string>;
let loanId: number;

beforeAll(async () => {
  ({ app, close } = await loanTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } }));
  const { token } = await onboardedCustomer(app, { phone: '599650001' });
  customer = bearer(token);
  loanId = await createLoanViaApi(app, token);
});

afterAll(() => close());

/** The answer, in English, with its status and body. */
async function answer(options: InjectOptions) {
  const response = await app.inject({
    ...options,
    headers: { 'accept-language': 'en', ...options.headers },
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

describe('a NUL character, which PostgreSQL cannot store, is refused under its field', () => {
  it('in a query', async () => {
    const support = bearer(await sandboxSupportToken(app));
    expect(await answer({ url: '/api/checking/users?search=ab%00c', headers: support })).toEqual({
      status: 422,
      body: {
        status: 'error',
        message: 'Please correct the marked fields',
        search: ['This contains a character that is not allowed'],
      },
    });
  });

  it('in a path', async () => {
    expect(await answer({ url: '/api/identomat-user/ab%00c', headers: customer })).toEqual({
      status: 422,
      body: {
        status: 'error',
        message: 'Please correct the marked fields',
        sessionToken: ['This contains a character that is not allowed'],
      },
    });
  });

  it('in a JSON body, however deep', async () => {
    expect(
      await answer({
        method: 'POST',
        url: '/api/login',
        payload: { phone: '599650001', password: 'whatever\u0000it-is' },
      }),
    ).toEqual({
      status: 422,
      body: {
        status: 'error',
        message: 'Please correct the marked fields',
        password: ['This contains a character that is not allowed'],
      },
    });
  });
});

describe('a body that is missing or null', () => {
  it.each(['/api/register', '/api/change-password', '/api/questionnaires', '/api/login'])(
    'on %s is a malformed request (400), not a 500',
    async (url) => {
      for (const payload of [undefined, 'null']) {
        const { status, body } = await answer({
          method: 'POST',
          url,
          headers: { ...customer, 'content-type': 'application/json' },
          ...(payload !== undefined && { payload }),
        });
        expect([url, payload, status, body.status]).toEqual([url, payload, 400, 'error']);
      }
    },
  );
});

describe('ids parse strictly', () => {
  it.each(['0x{id}', '{id}e0', '%20{id}', '{id}.0', '+{id}', '0{id}'])(
    '%s is not the application {id}: refused under the id',
    async (spelling) => {
      const url = `/api/loan-edit/${spelling.replace('{id}', String(loanId))}`;
      const { status, body } = await answer({ url, headers: customer });
      expect([url, status, body.id]).toEqual([url, 422, ['Enter a whole number']]);
    },
  );

  it('while the plain spelling is', async () => {
    expect((await answer({ url: `/api/loan-edit/${loanId}`, headers: customer })).status).toBe(200);
  });

  it('and so do page numbers', async () => {
    const support = bearer(await sandboxSupportToken(app));
    const { status, body } = await answer({
      url: '/api/checking/users?page=0x1',
      headers: support,
    });
    expect(status).toBe(422);
    expect(body).toMatchObject({ page: [expect.any(String)] });
  });
});

describe('refusals the router or the parser make are in the envelope too', () => {
  it('an unknown status filter of the officers’ queue', async () => {
    const officer = bearer(
      await sandboxStaffToken(app, sandboxStaffAccounts[1] ?? sandboxSupportAccount),
    );
    const { status, body } = await answer({
      url: '/api/applications?status=bogus',
      headers: officer,
    });
    expect({ status, body }).toEqual({
      status: 422,
      body: {
        status: 'error',
        message: 'Please correct the marked fields',
        errors: { status: ['The value is not valid'] },
      },
    });
  });

  it('headers too large for the server (431)', async () => {
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    const response = await fetch(`http://127.0.0.1:${port}/api/app/contact/main`, {
      headers: { 'x-padding': 'a'.repeat(20_000), 'accept-language': 'en' },
    });
    expect(response.status).toBe(431);
    // No request was read, so no language either: Georgian.
    expect(await response.json()).toEqual({
      status: 'error',
      message: 'მოთხოვნის სათაურები ძალიან დიდია',
    });
  });
});
