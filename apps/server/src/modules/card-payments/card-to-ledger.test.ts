import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPaymentOrders, smsOutbox } from '#app/db/schema.ts';
import { bearer } from '#app/test/accounts.ts';
import { documentsOf, downloadedText } from '#app/test/customer-documents.ts';
import { coreLenderTestApp, type CoreLenderTestApp } from '#app/test/core-lender.ts';
import { testClock } from '#app/test/test-clock.ts';

// The card payment as a customer makes it, through the app as it is put together: the
// sandbox gateway's page, its signed callback over HTTP, and servicing's ledger.
const clock = testClock();
let app: FastifyInstance;
let lender: CoreLenderTestApp;

beforeAll(async () => {
  lender = await coreLenderTestApp({ clock, listen: true });
  ({ app } = lender);
});

afterAll(() => lender.close());

interface Account {
  status: string;
  credit_balance: number;
  principal_outstanding: number;
  next_payment: { date: string; amount: number } | null;
  schedule: { date: string; principal: number; total: number; state: string }[];
  transactions: {
    id: number;
    kind: string;
    amount: number;
    allocation: Record<string, number>;
    reference: string | null;
  }[];
}

async function accountOf(token: string, loanId: number): Promise<Account> {
  const answer = await app.inject({
    method: 'GET',
    url: `/api/loans/${loanId}/account`,
    headers: bearer(token),
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ account: Account }>().account;
}

/** The customer orders a card payment: the path of the gateway's page it sends them to. */
async function orderCardPayment(token: string, loanId: number, body: Record<string, unknown>) {
  const ordered = await app.inject({
    method: 'POST',
    url: `/api/loans/${loanId}/card-payments`,
    headers: bearer(token),
    payload: body,
  });
  expect(ordered.statusCode).toBe(200);
  return new URL(ordered.json<{ redirect_url: string }>().redirect_url).pathname;
}

/** The customer presses `action` on the gateway's `page`; the gateway calls back at once. */
async function press(page: string, loanId: number, action: 'approve' | 'decline') {
  const answered = await app.inject({
    method: 'POST',
    url: page,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
  expect(answered.statusCode).toBe(303);
  expect(answered.headers.location).toMatch(new RegExp(`/loans/${loanId}$`));
}

/** The customer orders a card payment and presses `action` on the gateway's page. */
async function payByCard(
  token: string,
  loanId: number,
  body: Record<string, unknown>,
  action: 'approve' | 'decline',
) {
  await press(await orderCardPayment(token, loanId, body), loanId, action);
}

describe('paying an instalment by card', () => {
  it('posts an approved payment to the loan’s ledger, and a declined one not at all', async () => {
    const loan = await lender.paidOutLoan({ ending: '31' });
    const before = await accountOf(loan.token, loan.id);
    const instalment = before.next_payment?.amount ?? 0;
    expect(instalment).toBeGreaterThan(0);

    await payByCard(loan.token, loan.id, { amount: instalment }, 'decline');
    expect((await accountOf(loan.token, loan.id)).transactions).toHaveLength(1);

    await payByCard(loan.token, loan.id, { amount: instalment }, 'approve');
    const after = await accountOf(loan.token, loan.id);
    expect(after.transactions.map(({ kind, amount }) => ({ kind, amount }))).toEqual([
      { kind: 'payout', amount: 1470 },
      { kind: 'payment', amount: instalment },
    ]);
    expect(after.principal_outstanding).toBeLessThan(before.principal_outstanding);
    expect(after.next_payment?.date).not.toBe(before.next_payment?.date);
  });

  it('takes a prepayment off the principal', async () => {
    const loan = await lender.paidOutLoan({ ending: '32' });
    const before = await accountOf(loan.token, loan.id);
    await payByCard(loan.token, loan.id, { amount: 300, purpose: 'prepayment' }, 'approve');
    const after = await accountOf(loan.token, loan.id);
    expect(after.transactions.at(-1)).toMatchObject({ kind: 'payment', amount: 300 });
    expect(after.principal_outstanding).toBeLessThan(before.principal_outstanding);
  });
});

describe('a card payment approved once the loan is closed', () => {
  it('is kept as a credit to refund, the order paid, with its receipt', async () => {
    const loan = await lender.paidOutLoan({ ending: '33' });
    const page = await orderCardPayment(loan.token, loan.id, { amount: 25 });
    // Meanwhile the loan is repaid in full through the core.
    const repaid = await app.inject({
      method: 'POST',
      url: `/api/loans/${loan.id}/payments`,
      headers: { ...lender.core, 'idempotency-key': `repay-${loan.id}` },
      payload: { amount: 2000, paid_at: '2026-11-23 16:00:00', reference: `REPAY-${loan.id}` },
    });
    expect(repaid.statusCode).toBe(200);
    const before = await accountOf(loan.token, loan.id);
    expect(before.status).toBe('repaid');

    await press(page, loan.id, 'approve');
    const after = await accountOf(loan.token, loan.id);
    expect(after.status).toBe('repaid');
    expect(after.credit_balance).toBeCloseTo(before.credit_balance + 25, 2);
    const payment = after.transactions.at(-1);
    expect(payment).toMatchObject({
      kind: 'payment',
      amount: 25,
      allocation: { penalty: 0, interest: 0, principal: 0, fee: 0, credit: 25 },
    });
    const [order] = await app.database.db
      .select()
      .from(cardPaymentOrders)
      .where(eq(cardPaymentOrders.loanId, loan.id));
    expect(order).toMatchObject({ state: 'paid', transactionId: payment?.id });

    await app.jobs.runDue();
    const texts = await app.database.db
      .select({ text: smsOutbox.text })
      .from(smsOutbox)
      .where(like(smsOutbox.text, `%მიღებულია 25,00%№${loan.number}%`));
    expect(texts.map(({ text }) => text)).toEqual([
      expect.stringContaining('უკვე დახურულია. თანხა აღირიცხა ზედმეტად გადახდილ თანხად'),
    ]);
    const receipts = (await documentsOf(app, loan.token)).filter(({ kind }) => kind === 'receipt');
    expect(receipts).toHaveLength(2);
    const text = await downloadedText(app, loan.token, receipts[0]);
    expect(text).toContain('გადახდის საშუალება საბანკო ბარათი');
    expect(text).toContain('ზედმეტად გადახდილი თანხა 25,00 ₾');
    expect(
      (await documentsOf(app, loan.token)).filter(({ kind }) => kind === 'closure'),
    ).toHaveLength(1);
  });
});

/** The loan's schedule documents as the customer lists them, newest first. */
async function scheduleDocuments(token: string) {
  const documents = await documentsOf(app, token);
  return documents.filter(({ kind }) => kind === 'schedule');
}

describe('a prepayment by card changes the schedule', () => {
  const future = (account: Account) => account.schedule.filter(({ state }) => state !== 'paid');

  it('keeping the term: a lower instalment over the same dates, in a new schedule document', async () => {
    const loan = await lender.paidOutLoan({ ending: '35' });
    await app.jobs.runDue(); // the payout's schedule document
    const before = await accountOf(loan.token, loan.id);
    await payByCard(
      loan.token,
      loan.id,
      { amount: 500, purpose: 'prepayment', keep: 'term' },
      'approve',
    );
    const after = await accountOf(loan.token, loan.id);

    expect(after.principal_outstanding).toBeLessThan(before.principal_outstanding - 400);
    const dates = (rows: Account['schedule']) => rows.map(({ date }) => date);
    expect(dates(future(after))).toEqual(dates(future(before)));
    for (const [index, row] of future(after).entries()) {
      expect(row.total).toBeLessThan(future(before)[index]?.total ?? 0);
    }
    expect(after.next_payment?.amount).toBeLessThan(before.next_payment?.amount ?? 0);
    // The prepayment is a row of its own, paid.
    const total = (rows: Account['schedule']) => rows.reduce((sum, row) => sum + row.principal, 0);
    expect(total(after.schedule)).toBeCloseTo(total(before.schedule), 2);
    expect(after.schedule.find(({ state }) => state === 'paid')?.principal).toBeGreaterThan(400);

    const documents = await scheduleDocuments(loan.token);
    expect(documents.map(({ superseded }) => superseded)).toEqual([false, true]);
    const text = await downloadedText(app, loan.token, documents[0]);
    expect(text).toContain('გადახდების განახლებული გრაფიკი');
    expect(text).toContain('წინსწრებით დაფარვის თარიღი 2026-11-23');
    expect(text).toContain('93,99');
  });

  it('keeping the payment (the default): the same instalment, fewer dates, in a new schedule document', async () => {
    const loan = await lender.paidOutLoan({ ending: '36' });
    await app.jobs.runDue(); // the payout's schedule document
    const before = await accountOf(loan.token, loan.id);
    await payByCard(loan.token, loan.id, { amount: 500, purpose: 'prepayment' }, 'approve');
    const after = await accountOf(loan.token, loan.id);

    expect(future(after).length).toBeLessThan(future(before).length);
    expect(future(after)[1]?.total).toBe(future(before)[1]?.total);
    const documents = await scheduleDocuments(loan.token);
    expect(documents.map(({ superseded }) => superseded)).toEqual([false, true]);
  });

  it('before the payout’s schedule document is made: it is made all the same, already superseded', async () => {
    const loan = await lender.paidOutLoan({ ending: '37' });
    await payByCard(loan.token, loan.id, { amount: 500, purpose: 'prepayment' }, 'approve');
    await app.jobs.runDue(); // the payout's schedule document, after the prepayment's
    await app.jobs.runDue(); // made once

    const documents = await scheduleDocuments(loan.token);
    // Newest first: the payout's, made last, then the prepayment's, the one that stands.
    expect(documents.map(({ superseded }) => superseded)).toEqual([true, false]);
    const original = await downloadedText(app, loan.token, documents[0]);
    expect(original).not.toContain('განახლებული');
    expect(original).toContain('ჩარიცხული თანხა 1470,00 ₾ ჩარიცხვის თარიღი 2026-11-23');
    expect(await downloadedText(app, loan.token, documents[1])).toContain(
      'გადახდების განახლებული გრაფიკი',
    );
  });
});
