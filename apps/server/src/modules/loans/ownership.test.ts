import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, loanApplications, loanStatusHistory } from '#app/db/schema.ts';
import { bearer } from '#app/test/accounts.ts';
import {
  bankStatement,
  consentedLoanViaApi,
  jsonFields,
  loanSsoToken,
  loanTestApp,
  loanValues,
  multipartBody,
} from '#app/test/loans.ts';
import { onboardedCustomer } from '#app/test/onboarding.ts';
import { phoneSeries } from '#app/test/unique.ts';

const freshPhone = phoneSeries('5550');
let app: FastifyInstance;
let storedFiles: () => Promise<string[]>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, storedFiles, close } = await loanTestApp());
});

afterAll(() => close());

interface Caller {
  token: string;
  /** A completed loan sign-in of this caller for the application, with its personal number. */
  ssoToken: (loanId: number) => Promise<string>;
}

/** Every route with an application id, each sent with a body it would otherwise accept. */
const idRoutes: [string, string, (caller: Caller, id: string) => Promise<object>][] = [
  ['GET', '/api/loan-edit/:id', () => Promise.resolve({})],
  [
    'POST',
    '/api/loan-edit/:id',
    () => Promise.resolve(multipartBody(jsonFields(loanValues), bankStatement)),
  ],
  ['GET', '/api/credit-info/:id', () => Promise.resolve({})],
  [
    'POST',
    '/api/credit-info/:id',
    () => Promise.resolve({ payload: { credit_info: true, agreed_at: '2026-11-23 14:00:00' } }),
  ],
  [
    'POST',
    '/api/credit-info/:id/finish',
    async (caller, id) => {
      // A sign-in can only be made for an id the database can hold; any token fits the others.
      const loanId = Number(id);
      const storable = Number.isInteger(loanId) && loanId > 0 && loanId <= 2_147_483_647;
      return { payload: { sso_token: storable ? await caller.ssoToken(loanId) : 'x'.repeat(43) } };
    },
  ],
  ['POST', '/api/credit-info/:id/cancel', () => Promise.resolve({})],
];

async function callerWithApplication() {
  const { user, token } = await onboardedCustomer(app, { phone: freshPhone() });
  const caller: Caller = {
    token,
    ssoToken: (loanId) =>
      loanSsoToken(app, { userId: user.id, loanId, personalNumber: user.identityNumber ?? '' }),
  };
  return { caller, id: await consentedLoanViaApi(app, token) };
}

async function send(method: string, path: string, id: string, caller: Caller) {
  const route = idRoutes.find(([m, p]) => m === method && p === path);
  const { payload, headers = {} } = (await route?.[2](caller, id)) as {
    payload?: object;
    headers?: Record<string, string>;
  };
  return app.inject({
    method: method as 'GET' | 'POST',
    url: path.replace(':id', id),
    payload,
    headers: { ...headers, ...bearer(caller.token) },
  });
}

/** Everything another customer's request could have changed about an application. */
async function snapshotOf(id: number) {
  const db = app.database.db;
  return {
    application: await db.select().from(loanApplications).where(eq(loanApplications.id, id)),
    history: await db
      .select()
      .from(loanStatusHistory)
      .where(eq(loanStatusHistory.applicationId, id))
      .orderBy(asc(loanStatusHistory.id)),
    consents: (await db.select().from(consents)).length,
    files: await storedFiles(),
  };
}

describe('ownership on every route with an id', () => {
  it.each(idRoutes.map(([method, path]) => [method, path] as const))(
    '%s %s: another customer’s application answers exactly like a missing one',
    async (method, path) => {
      const owner = await callerWithApplication();
      const intruder = await callerWithApplication();
      const before = await snapshotOf(owner.id);
      const foreign = await send(method, path, String(owner.id), intruder.caller);
      const missing = await send(method, path, '2000000000', intruder.caller);
      expect(foreign.statusCode).toBe(404);
      expect(missing.statusCode).toBe(404);
      expect(foreign.json()).toEqual(missing.json());
      expect(foreign.json()).toEqual({
        status: 'error',
        message: 'მოთხოვნილი რესურსი ვერ მოიძებნა',
      });
      expect(await snapshotOf(owner.id)).toEqual(before);
      // The owner still gets through.
      expect((await send(method, path, String(owner.id), owner.caller)).statusCode).toBe(200);
    },
  );

  const badIds = ['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999', '%00', '1e3'];

  it.each(idRoutes.flatMap(([method, path]) => badIds.map((id) => [method, path, id] as const)))(
    '%s %s with id %j: a 4xx, never a 500',
    async (method, path, id) => {
      const { caller } = await callerWithApplication();
      const response = await send(method, path, id, caller);
      expect([400, 404, 422]).toContain(response.statusCode);
      expect(response.json()).toMatchObject({ status: 'error' });
    },
  );
});
