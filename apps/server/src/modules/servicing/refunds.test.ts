import type { LoanStatusCode } from '@sesxi/contract';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, loanTransactions, smsOutbox } from '#app/db/schema.ts';
import { coreLenderTestApp, type CoreLenderTestApp } from '#app/test/core-lender.ts';
import { setLoanStatus } from '#app/test/loans.ts';
import { testClock } from '#app/test/test-clock.ts';
import { servicingKit } from './servicing-test-kit.ts';

// 23 November 2026 in Tbilisi: the business date the loans are paid out on.
const clock = testClock();
let app: FastifyInstance;
let lender: CoreLenderTestApp;

beforeAll(async () => {
  lender = await coreLenderTestApp({ clock, webhooks: true });
  ({ app } = lender);
});

afterAll(() => lender.close());

const { accountOf, reportPayment, reportRefund, totalsNow, ledgerOf, ledgerRow } = servicingKit(
  () => lender,
);

/** A paid-out loan in `status`, holding `credit` lari: a payment posted while it was closed. */
async function loanWithCredit(ending: string, status: LoanStatusCode, credit: number) {
  const loan = await lender.paidOutLoan({ ending });
  await setLoanStatus(app, loan.id, 'repaid');
  const paid = await reportPayment(
    loan.id,
    { amount: credit, paid_at: '2026-11-25 10:00:00', reference: `OVER-${loan.id}` },
    { key: `over-${loan.id}` },
  );
  expect(paid.statusCode).toBe(200);
  await setLoanStatus(app, loan.id, status);
  return loan;
}

/** The webhooks of `type` queued for a loan: the transactions they name. */
async function heardOf(loanId: number, type: string) {
  const rows = await app.database.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, 'webhook.deliver'), eq(jobs.orderingKey, `application:${loanId}`)))
    .orderBy(jobs.id);
  return rows
    .map((row) => row.payload as { type: string; data: { transaction_id?: number } })
    .filter((event) => event.type === type)
    .map(({ data }) => data.transaction_id);
}

/** The texts sent (the outbox delivered) that name the contract `number`, in order. */
async function textsNaming(number: string) {
  await app.jobs.runDue();
  const rows = await app.database.db
    .select({ text: smsOutbox.text })
    .from(smsOutbox)
    .where(like(smsOutbox.text, `%№${number}%`))
    .orderBy(smsOutbox.id);
  return rows.map((row) => row.text);
}

/**
 * The ledger and the account agree on the credit: what the payments and advances released put
 * into it, less what the refunds (their amount all in `credit_tetri`) took out.
 */
async function expectCreditAgrees(loanId: number) {
  const rows = await ledgerOf(loanId);
  const credit = (kinds: readonly string[]) =>
    rows
      .filter(({ kind }) => kinds.includes(kind))
      .reduce((total, row) => total + row.creditTetri, 0);
  for (const refund of rows.filter(({ kind }) => kind === 'refund')) {
    expect(refund.creditTetri).toBe(refund.amountTetri);
  }
  expect(credit(['payment', 'advance_release']) - credit(['refund'])).toBe(
    (await totalsNow(loanId)).credit,
  );
}

describe('a refund of a loan’s credit', () => {
  it('lowers the credit once per key and reference, texting the customer and telling the lender once', async () => {
    const loan = await loanWithCredit('61', 'repaid', 50);
    const body = { amount: 20.5, paid_at: '2026-11-26 10:00:00', reference: 'REFUND-1' };
    const posted = await reportRefund(loan.id, body, { key: 'refund-1' });
    expect(posted.statusCode).toBe(200);
    const { refund } = posted.json<{ refund: { transaction_id: number; duplicate: boolean } }>();
    expect(refund.duplicate).toBe(false);
    const row = await ledgerRow(refund.transaction_id);
    expect(row).toMatchObject({
      kind: 'refund',
      channel: 'core',
      reference: 'REFUND-1',
      amountTetri: 2_050,
      creditTetri: 2_050,
      penaltyTetri: 0,
      interestTetri: 0,
      principalTetri: 0,
      feeTetri: 0,
      businessDate: '2026-11-23',
    });

    // The same key again, and the same reference under another key: the first refund.
    for (const key of ['refund-1', 'refund-2']) {
      const again = await reportRefund(loan.id, body, { key });
      expect(again.json()).toEqual({
        status: 'success',
        refund: { transaction_id: refund.transaction_id, duplicate: true },
      });
    }
    // Another request under the key, or the key of a payment: 422, nothing posted.
    expect(
      (await reportRefund(loan.id, { ...body, amount: 1 }, { key: 'refund-1' })).statusCode,
    ).toBe(422);
    expect((await reportRefund(loan.id, body, { key: `over-${loan.id}` })).statusCode).toBe(422);

    expect((await ledgerOf(loan.id)).filter(({ kind }) => kind === 'refund')).toHaveLength(1);
    const { account } = (await accountOf(loan.token, loan.id)).json<{
      account: { status: string; credit_balance: number; transactions: unknown[] };
    }>();
    expect(account).toMatchObject({ status: 'repaid', credit_balance: 29.5 });
    expect(account.transactions.at(-1)).toEqual({
      id: refund.transaction_id,
      date: '2026-11-23',
      kind: 'refund',
      amount: 20.5,
      allocation: { penalty: 0, interest: 0, principal: 0, fee: 0, credit: 20.5 },
      reference: 'REFUND-1',
    });
    expect((await textsNaming(loan.number)).filter((text) => text.includes('დაგიბრუნდათ'))).toEqual(
      [
        `Sesxi: სესხის (ხელშეკრულება №${loan.number}) ზედმეტად გადახდილი თანხიდან დაგიბრუნდათ 20,50\u00a0₾.`,
      ],
    );
    expect(await heardOf(loan.id, 'refund.paid')).toEqual([refund.transaction_id]);
    await expectCreditAgrees(loan.id);
  });

  it('refuses more than the credit under `amount`, in Georgian and English, posting nothing', async () => {
    const loan = await loanWithCredit('62', 'repaid', 10);
    const body = { amount: 10.01, paid_at: '2026-11-26 10:00:00', reference: 'REFUND-OVER' };
    const ka = await reportRefund(loan.id, body, { key: 'refund-over' });
    expect(ka.statusCode).toBe(422);
    expect(ka.json()).toMatchObject({
      status: 'error',
      amount: ['დასაბრუნებელი თანხა არ უნდა აღემატებოდეს ზედმეტად გადახდილ თანხას: 10,00\u00a0₾'],
    });
    const en = await reportRefund(loan.id, body, {
      key: 'refund-over',
      headers: { ...lender.core, 'accept-language': 'en' },
    });
    expect(en.json()).toMatchObject({
      amount: ['The refund cannot be more than the overpayment: 10,00\u00a0₾'],
    });
    // The refusal kept nothing: the whole credit is refunded under the same key.
    const whole = await reportRefund(loan.id, { ...body, amount: 10 }, { key: 'refund-over' });
    expect(whole.statusCode).toBe(200);
    expect((await totalsNow(loan.id)).credit).toBe(0);
    const none = await reportRefund(
      loan.id,
      { ...body, amount: 0.01, reference: 'REFUND-NONE' },
      { key: 'refund-none' },
    );
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ amount: [expect.stringContaining('0,00')] });
    expect(await heardOf(loan.id, 'refund.paid')).toHaveLength(1);
    await expectCreditAgrees(loan.id);
  });

  it('is taken on an active or withdrawn loan with a credit, and refused on a loan without one', async () => {
    for (const [ending, status] of [
      ['63', 'active'],
      ['64', 'withdrawn'],
    ] as const) {
      const loan = await loanWithCredit(ending, status, 5);
      const refunded = await reportRefund(
        loan.id,
        { amount: 5, paid_at: '2026-11-26 10:00:00', reference: `REFUND-${status}` },
        { key: `refund-${status}` },
      );
      expect([status, refunded.statusCode]).toEqual([status, 200]);
      expect((await accountOf(loan.token, loan.id)).json()).toMatchObject({
        account: { status, credit_balance: 0 },
      });
      await expectCreditAgrees(loan.id);
    }
    const plain = await lender.paidOutLoan({ ending: '65' });
    const refused = await reportRefund(
      plain.id,
      { amount: 1, paid_at: '2026-11-26 10:00:00', reference: 'REFUND-PLAIN' },
      { key: 'refund-plain' },
    );
    expect(refused.statusCode).toBe(422);
  });

  it('refuses a report without a key, from a person, or on an unknown loan', async () => {
    const loan = await loanWithCredit('66', 'repaid', 5);
    const body = { amount: 1, paid_at: '2026-11-26 10:00:00', reference: 'REFUND-X' };
    expect((await reportRefund(loan.id, body)).statusCode).toBe(400);
    const officer = await lender.calls.officer('599000003');
    expect((await reportRefund(loan.id, body, { key: 'k', headers: officer })).statusCode).toBe(
      403,
    );
    expect((await reportRefund(999_999, body, { key: 'k-unknown' })).statusCode).toBe(404);
    expect((await totalsNow(loan.id)).credit).toBe(500);
  });

  it('never lets the ledger take a refund that is not all credit', async () => {
    const loan = await loanWithCredit('67', 'repaid', 5);
    await expect(
      app.database.db.insert(loanTransactions).values({
        loanId: loan.id,
        kind: 'refund',
        amountTetri: 100,
        creditTetri: -100,
        channel: 'core',
        reference: 'REFUND-NEGATIVE',
        businessDate: '2026-11-23',
      }),
    ).rejects.toThrow();
  });
});
