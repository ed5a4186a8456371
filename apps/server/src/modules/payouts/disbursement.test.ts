import { asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanInstalments, loanStatusHistory, payouts, smsOutbox } from '#app/db/schema.ts';
import { coreLenderTestApp, type CoreLenderTestApp } from '#app/test/core-lender.ts';
import { loanStatusOf } from '#app/test/loans.ts';
import { requestPayoutAsSigning, signedLoan, testIban } from '#app/test/signed-loans.ts';
import { testClock } from '#app/test/test-clock.ts';

const clock = testClock();
let app: FastifyInstance;
let lender: CoreLenderTestApp;

beforeAll(async () => {
  lender = await coreLenderTestApp({ clock });
  ({ app } = lender);
});

afterAll(() => lender.close());

/** What the core reports for the fixture's loans: 1,500 GEL less the 2% fee. */
const report = { amount: 1470, paid_at: '2026-11-24 11:30:00', bank_reference: 'CORE-0001' };

function disburse(
  loanId: number,
  {
    key,
    headers = lender.core,
    body = report,
  }: { key?: string; headers?: Record<string, string>; body?: object } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/loans/${loanId}/disbursement`,
    headers: { ...headers, ...(key !== undefined && { 'idempotency-key': key }) },
    payload: body,
  });
}

async function stateOf({ id: loanId, number }: { id: number; number: string }) {
  const db = app.database.db;
  const [payoutRows, instalments, history, texts] = await Promise.all([
    db.select().from(payouts).where(eq(payouts.loanId, loanId)),
    db.$count(loanInstalments, eq(loanInstalments.loanId, loanId)),
    db.$count(loanStatusHistory, eq(loanStatusHistory.applicationId, loanId)),
    db.$count(smsOutbox, like(smsOutbox.text, `%№${number})%`)),
  ]);
  return {
    payouts: payoutRows,
    instalments,
    history,
    texts,
    status: await loanStatusOf(app, loanId),
  };
}

describe('the core system’s disbursement report (PAYOUT_MODE=core)', () => {
  it('sends nothing at signing: the core hears contract.signed and pays', async () => {
    const loan = await signedLoan(app, lender.calls);
    expect(
      await requestPayoutAsSigning(app, { loanId: loan.id, signedDocumentId: loan.documentId }),
    ).toBe(undefined);
    expect((await stateOf(loan)).payouts).toEqual([]);
  });

  it('records the payout as paid, the loan active with its schedule from the payout day, and texts the customer', async () => {
    const loan = await signedLoan(app, lender.calls, { paymentDay: 5 });
    const { id, documentId } = loan;
    const answer = await disburse(id, { key: 'core-paid-1' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      status: 'success',
      payout: { state: 'paid', bank_reference: 'CORE-0001', paid_at: '2026-11-24 11:30:00' },
    });
    const state = await stateOf(loan);
    expect(state.payouts).toEqual([
      expect.objectContaining({
        state: 'paid',
        amountTetri: 147_000,
        iban: testIban,
        signedDocumentId: documentId,
        attempts: 0,
        reportKey: 'core-paid-1',
        paidAt: new Date('2026-11-24T07:30:00Z'),
        payoutDate: '2026-11-24',
      }),
    ]);
    expect(state.status).toBe('active');
    const [first] = await app.database.db
      .select()
      .from(loanInstalments)
      .where(eq(loanInstalments.loanId, id))
      .orderBy(asc(loanInstalments.number));
    // The first 5th at least 15 days after 24 November: not December's (11 days), January's.
    expect(first?.dueDate).toBe('2027-01-05');
    await app.jobs.runDue();
    expect((await stateOf(loan)).texts).toBe(1);
  });

  it('answers the same key again with the first result and changes nothing', async () => {
    const loan = await signedLoan(app, lender.calls);
    const { id } = loan;
    const first = await disburse(id, { key: 'core-again-1' });
    await app.jobs.runDue();
    const before = await stateOf(loan);
    const again = await disburse(id, { key: 'core-again-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    await app.jobs.runDue();
    expect(await stateOf(loan)).toEqual(before);

    // Another key for a loan paid out already: nothing is waiting for a payout.
    const other = await disburse(id, { key: 'core-again-2' });
    expect(other.statusCode).toBe(409);
    // The same key with another request is a mistake, not a repeat.
    const changed = await disburse(id, {
      key: 'core-again-1',
      body: { ...report, bank_reference: 'CORE-0002' },
    });
    expect(changed.statusCode).toBe(422);
    expect(await stateOf(loan)).toEqual(before);
  });

  it('needs an Idempotency-Key, the payout amount, a known loan, and a signed contract', async () => {
    const signed = await signedLoan(app, lender.calls);
    expect((await disburse(signed.id)).statusCode).toBe(400);
    expect((await disburse(signed.id, { key: 'x'.repeat(256) })).statusCode).toBe(400);
    const wrongAmount = await disburse(signed.id, {
      key: 'core-amount-1',
      body: { ...report, amount: 1500 },
    });
    expect(wrongAmount.statusCode).toBe(422);
    expect(wrongAmount.json()).toMatchObject({
      amount: [expect.stringMatching(/1470,00\s₾/) as string],
    });
    const noDay = await disburse(signed.id, {
      key: 'core-day-1',
      body: { ...report, paid_at: '2026-02-30 10:00:00' },
    });
    expect(noDay.statusCode).toBe(422);
    expect((await disburse(999_999, { key: 'core-unknown-1' })).statusCode).toBe(404);

    const approvedOnly = await lender.calls.inReview();
    await lender.calls.approve(approvedOnly.first, approvedOnly.id, { amount: 1500, months: 12 });
    expect((await disburse(approvedOnly.id, { key: 'core-approved-1' })).statusCode).toBe(409);
    expect((await stateOf(signed)).payouts).toEqual([]);
  });

  it('refuses a person’s account, credit officer or not (403): only the core system reports', async () => {
    const loan = await signedLoan(app, lender.calls);
    const { id } = loan;
    const person = await lender.calls.officer('599000002');
    const answer = await disburse(id, { key: 'core-person-1', headers: person });
    expect(answer.statusCode).toBe(403);
    expect((await stateOf(loan)).payouts).toEqual([]);
  });
});
