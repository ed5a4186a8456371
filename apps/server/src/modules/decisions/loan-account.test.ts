import type { LoanAccount } from '@sesxi/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog } from '#app/db/schema.ts';
import { bearer, sandboxSupportToken } from '#app/test/accounts.ts';
import { coreLenderTestApp, type CoreLenderTestApp } from '#app/test/core-lender.ts';
import { signedLoan } from '#app/test/signed-loans.ts';
import { testClock } from '#app/test/test-clock.ts';

// 23 November 2026 in Tbilisi: the business date the loans are paid out on.
const clock = testClock();
let app: FastifyInstance;
let lender: CoreLenderTestApp;

beforeAll(async () => {
  lender = await coreLenderTestApp({ clock });
  ({ app } = lender);
});

afterAll(() => lender.close());

const officersView = (headers: Record<string, string>, id: number) =>
  app.inject({ url: `/api/applications/${id}/account`, headers });

const customersView = (token: string, id: number) =>
  app.inject({ url: `/api/loans/${id}/account`, headers: bearer(token) });

describe('GET /api/applications/{id}/account', () => {
  it('shows an officer the loan’s account as its customer sees it, logged as a read', async () => {
    const loan = await lender.paidOutLoan({ ending: '61' });
    const headers = await lender.calls.officer('599000003');
    const answer = await officersView(headers, loan.id);
    expect(answer.statusCode).toBe(200);
    const { account } = answer.json<{ account: LoanAccount }>();
    const customers = (await customersView(loan.token, loan.id)).json<{ account: LoanAccount }>();
    expect(account).toEqual(customers.account);
    expect(account).toMatchObject({ status: 'active', principal_outstanding: 1500 });
    expect(account.schedule).toHaveLength(12);
    expect(account.transactions.map(({ kind }) => kind)).toEqual(['payout']);

    const [logged] = await app.database.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.action, 'applications.show'))
      .orderBy(desc(accessLog.id))
      .limit(1);
    expect(logged).toMatchObject({
      subjectUserIds: [loan.user.id],
      details: { application_id: loan.id, part: 'account' },
    });
  });

  it('is credit officers’ only: the loan’s own customer and support staff get 403', async () => {
    const loan = await lender.paidOutLoan({ ending: '62' });
    const url = `/api/applications/${loan.id}/account`;
    expect((await app.inject({ url })).statusCode).toBe(401);
    expect((await app.inject({ url, headers: bearer(loan.token) })).statusCode).toBe(403);
    const support = await app.inject({ url, headers: bearer(await sandboxSupportToken(app)) });
    expect(support.statusCode).toBe(403);
  });

  it('answers 404 for a loan not paid out, and for none', async () => {
    const signed = await signedLoan(app, lender.calls, { ending: '63' });
    const headers = await lender.calls.officer('599000002');
    expect((await officersView(headers, signed.id)).statusCode).toBe(404);
    expect((await officersView(headers, 999_999)).statusCode).toBe(404);
  });
});
