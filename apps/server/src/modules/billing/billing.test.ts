import { translate } from '@sesxi/contract';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingPayments,
  contractWithdrawals,
  jobs,
  loanReminders,
  loanTransactions,
  smsOutbox,
} from '#app/db/schema.ts';
import { bearer } from '#app/test/accounts.ts';
import { documentsOf, downloadedText } from '#app/test/customer-documents.ts';
import { coreLenderTestApp, type CoreLenderTestApp } from '#app/test/core-lender.ts';
import { loanStatusOf, setLoanStatus } from '#app/test/loans.ts';
import { raceAt } from '#app/test/race.ts';
import { testClock } from '#app/test/test-clock.ts';
import { loanReminders as reminderStep } from './reminders.ts';

// 23 November 2026, 14:00 in Tbilisi: the loans are paid out on it, outside the quiet hours.
const clock = testClock();
let app: FastifyInstance;
let lender: CoreLenderTestApp;
const biller = { authorization: 'Bearer sandbox-biller-key' };

beforeAll(async () => {
  lender = await coreLenderTestApp({
    clock,
    webhooks: true,
    env: { BILLER_KEYS: 'sandbox:sandbox-biller-key,otherpay:otherpay-biller-key-0001' },
  });
  ({ app } = lender);
});

afterAll(() => lender.close());

/** A loan of 1,500 GEL over 12 months paid out on 23 November, first due on 10 December. */
async function activeLoan(ending: string) {
  const loan = await lender.paidOutLoan({ ending });
  const personalNumber = loan.user.identityNumber;
  if (personalNumber === null) throw new Error('the customer has no personal number');
  return { ...loan, personalNumber };
}

const debtOf = (personalNumber: string, headers: Record<string, string> = biller) =>
  app.inject({
    method: 'POST',
    url: '/api/billing/debt',
    headers,
    payload: { personal_number: personalNumber },
  });

const pay = (body: object, headers: Record<string, string> = biller) =>
  app.inject({ method: 'POST', url: '/api/billing/payments', headers, payload: body });

const paymentsOf = (loanId: number) =>
  app.database.db
    .select()
    .from(loanTransactions)
    .where(and(eq(loanTransactions.loanId, loanId), eq(loanTransactions.kind, 'payment')))
    .orderBy(asc(loanTransactions.id));

async function accountOf(loan: { id: number; token: string }) {
  const answer = await app.inject({
    method: 'GET',
    url: `/api/loans/${loan.id}/account`,
    headers: bearer(loan.token),
  });
  return answer.json<{
    account: {
      status: string;
      credit_balance: number;
      next_payment: { date: string; amount: number };
      overdue: { total: number };
    };
  }>().account;
}

/** The texts delivered that name the contract `number` and match `pattern`. */
async function textsNaming(number: string, pattern = '%') {
  await app.jobs.runDue();
  const rows = await app.database.db
    .select({ text: smsOutbox.text })
    .from(smsOutbox)
    .where(and(like(smsOutbox.text, `%№${number}%`), like(smsOutbox.text, pattern)))
    .orderBy(asc(smsOutbox.id));
  return rows.map((row) => row.text);
}

/** How many `type` webhooks are queued for the loan. */
const heard = (loanId: number, type: string) =>
  app.database.db.$count(
    jobs,
    and(
      eq(jobs.kind, 'webhook.deliver'),
      eq(jobs.orderingKey, `application:${loanId}`),
      sql`${jobs.payload}->>'type' = ${type}`,
    ),
  );

/** Repays the loan in full through the core (an instalment well over what is owed). */
async function repaid(loanId: number) {
  const answer = await app.inject({
    method: 'POST',
    url: `/api/loans/${loanId}/payments`,
    headers: { ...lender.core, 'idempotency-key': `repay-${loanId}` },
    payload: { amount: 2000, paid_at: '2026-11-23 16:00:00', reference: `REPAY-${loanId}` },
  });
  expect(answer.statusCode).toBe(200);
}

describe('a biller’s key', () => {
  it.each([
    ['no key', {}],
    ['an unknown key', { authorization: 'Bearer not-a-biller-key-at-all' }],
    ['a key of another scheme', { authorization: 'Basic sandbox-biller-key' }],
  ])('is required: %s answers 401', async (_case, headers) => {
    for (const answer of [
      await debtOf('01001012345', headers),
      await pay({ transaction_id: 'T-0', personal_number: '01001012345', amount: 1 }, headers),
    ]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ status: 'error', message: 'გთხოვთ, გაიაროთ ავტორიზაცია' });
    }
  });

  it('is not a customer’s session', async () => {
    const loan = await activeLoan('41');
    expect((await debtOf(loan.personalNumber, bearer(loan.token))).statusCode).toBe(401);
  });
});

describe('the debt by personal number', () => {
  it('answers what is due now and the next due date, and nothing else of the person', async () => {
    const loan = await activeLoan('42');
    const account = await accountOf(loan);
    const answer = await debtOf(loan.personalNumber);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      status: 'success',
      debt: { amount_due: account.next_payment.amount, next_due_date: '2026-12-10' },
    });
    expect(account.next_payment.amount).toBeGreaterThan(0);
  });

  it('answers 0 and no date for a person whose loan is repaid', async () => {
    const loan = await activeLoan('50');
    await repaid(loan.id);
    const answer = await debtOf(loan.personalNumber);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      status: 'success',
      debt: { amount_due: 0, next_due_date: null },
    });
  });

  it('answers 404 under the personal number for someone with no loan', async () => {
    const answer = await debtOf('01999999999');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({
      status: 'error',
      message: 'ამ პირად ნომერზე მოქმედი სესხი არ მოიძებნა',
      personal_number: ['ამ პირად ნომერზე მოქმედი სესხი არ მოიძებნა'],
    });
  });

  it('refuses a personal number that is not one, field-keyed in Georgian', async () => {
    const answer = await debtOf('123');
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({ personal_number: [expect.stringContaining('11')] });
  });
});

describe('a biller’s payment', () => {
  it('posts once by transaction id and answers the first receipt again', async () => {
    const loan = await activeLoan('43');
    const body = { transaction_id: 'T-43', personal_number: loan.personalNumber, amount: 50 };
    const first = await pay(body);
    expect(first.statusCode).toBe(200);
    const { receipt } = first.json<{ receipt: { id: number; duplicate: boolean } }>();
    expect(receipt.duplicate).toBe(false);
    const again = await pay(body);
    expect(again.json()).toEqual({
      status: 'success',
      receipt: { id: receipt.id, duplicate: true },
    });
    const payments = await paymentsOf(loan.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      amountTetri: 5_000,
      channel: 'billing',
      reference: 'sandbox:T-43',
    });
    // One receipt: a text, `payment.received` and a document, for the payment posted once.
    expect(await textsNaming(loan.number, '%მიღებულია გადახდა%')).toEqual([
      `Sesxi: სესხზე (ხელშეკრულება №${loan.number}) მიღებულია გადახდა 50,00\u00a0₾. ქვითარი თქვენს დოკუმენტებშია.`,
    ]);
    expect(await heard(loan.id, 'payment.received')).toBe(1);
    const receipts = (await documentsOf(app, loan.token)).filter(({ kind }) => kind === 'receipt');
    expect(receipts).toHaveLength(1);
    expect(await downloadedText(app, loan.token, receipts[0])).toContain(
      'გადახდის საშუალება გადახდის აპარატი ან ბანკის არხი მითითება sandbox:T-43',
    );
    // Another biller's transaction of the same id is its own.
    const other = await pay(body, { authorization: 'Bearer otherpay-biller-key-0001' });
    expect(other.json()).toMatchObject({ receipt: { duplicate: false } });
    expect(await paymentsOf(loan.id)).toHaveLength(2);
    expect(await heard(loan.id, 'payment.received')).toBe(2);
  });

  it('keeps what is paid over the whole loan as a credit', async () => {
    const loan = await activeLoan('51');
    const body = { transaction_id: 'T-51', personal_number: loan.personalNumber, amount: 2000 };
    expect((await pay(body)).statusCode).toBe(200);
    const [payment] = await paymentsOf(loan.id);
    expect(payment).toMatchObject({ amountTetri: 200_000, principalTetri: 150_000 });
    expect(payment?.creditTetri).toBeGreaterThan(0);
    expect(payment?.creditTetri).toBe(200_000 - 150_000 - (payment?.interestTetri ?? 0));
    const account = await accountOf(loan);
    expect(account).toMatchObject({
      status: 'repaid',
      credit_balance: (payment?.creditTetri ?? 0) / 100,
    });
  });

  it('keeps a payment for a person whose loan is repaid as a credit on it, with its receipt', async () => {
    const loan = await activeLoan('52');
    await repaid(loan.id);
    const before = await accountOf(loan);
    const body = { transaction_id: 'T-52', personal_number: loan.personalNumber, amount: 15 };
    expect((await pay(body)).statusCode).toBe(200);
    expect((await pay(body)).json()).toMatchObject({ receipt: { duplicate: true } });
    const payments = await paymentsOf(loan.id);
    expect(payments).toHaveLength(2);
    expect(payments[1]).toMatchObject({
      reference: 'sandbox:T-52',
      amountTetri: 1_500,
      creditTetri: 1_500,
    });
    expect((await accountOf(loan)).credit_balance).toBeCloseTo(before.credit_balance + 15, 2);
    expect(await textsNaming(loan.number, '%უკვე დახურულია%')).toEqual([
      `Sesxi: მიღებულია 15,00\u00a0₾, მაგრამ სესხი (ხელშეკრულება №${loan.number}) უკვე დახურულია. თანხა აღირიცხა ზედმეტად გადახდილ თანხად; გთხოვთ, დაგვიკავშირდეთ მის დასაბრუნებლად.`,
    ]);
    expect(await heard(loan.id, 'payment.received')).toBe(2);
    expect(await heard(loan.id, 'loan.repaid')).toBe(1);
  });

  it('refuses the same transaction id with another amount or person (409), posting nothing', async () => {
    const loan = await activeLoan('44');
    const other = await activeLoan('45');
    const body = { transaction_id: 'T-44', personal_number: loan.personalNumber, amount: 20 };
    expect((await pay(body)).statusCode).toBe(200);
    for (const changed of [
      { ...body, amount: 21 },
      { ...body, personal_number: other.personalNumber },
    ]) {
      const answer = await pay(changed);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({
        transaction_id: ['ეს ტრანზაქცია უკვე აღრიცხულია სხვა თანხით ან სხვა პირადი ნომრით'],
      });
    }
    expect(await paymentsOf(loan.id)).toHaveLength(1);
    expect(await paymentsOf(other.id)).toHaveLength(0);
  });

  it('refuses a person with no active loan (404) and keeps the transaction id free', async () => {
    const body = { transaction_id: 'T-none', personal_number: '01999999998', amount: 20 };
    expect((await pay(body)).statusCode).toBe(404);
    expect(
      await app.database.db.$count(billingPayments, eq(billingPayments.transactionId, 'T-none')),
    ).toBe(0);
  });

  it('posts once when two identical payments arrive at the same time', async () => {
    const loan = await activeLoan('46');
    const body = { transaction_id: 'T-46', personal_number: loan.personalNumber, amount: 30 };
    const race = raceAt(app, /insert into "billing_payments"/);
    const answers = await Promise.all([pay(body), pay(body)]);
    await race.finish();
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const receipts = answers.map(
      (answer) => answer.json<{ receipt: { id: number; duplicate: boolean } }>().receipt,
    );
    expect(receipts.map(({ duplicate }) => duplicate).sort()).toEqual([false, true]);
    expect(receipts[0]?.id).toBe(receipts[1]?.id);
    expect(await paymentsOf(loan.id)).toHaveLength(1);
  });
});

describe('a loan being withdrawn from', () => {
  /** The loan withdrawn from on 13 December, owing 1,470 GEL paid out and 12.50 of interest. */
  async function withdrawing(loanId: number) {
    const now = app.clock.now();
    await app.database.db.insert(contractWithdrawals).values({
      loanId,
      state: 'withdrawing',
      principal: 1470,
      interest: 12.5,
      amountDue: 1482.5,
      daysUsed: 20,
      dueDate: '2027-01-12',
      codeId: 1,
      codeSentAt: now,
      phone: '555000047',
      ip: '127.0.0.1',
      userAgent: 'test',
      withdrawnOn: '2026-12-13',
      withdrawnAt: now,
    });
    await setLoanStatus(app, loanId, 'withdrawing');
  }

  it('owes what the withdrawal left, less what is paid, and a biller’s payment settles it', async () => {
    const loan = await activeLoan('47');
    await withdrawing(loan.id);
    expect((await debtOf(loan.personalNumber)).json()).toEqual({
      status: 'success',
      debt: { amount_due: 1482.5, next_due_date: '2027-01-12' },
    });

    const part = { transaction_id: 'T-47a', personal_number: loan.personalNumber, amount: 500 };
    expect((await pay(part)).statusCode).toBe(200);
    expect((await debtOf(loan.personalNumber)).json()).toMatchObject({
      debt: { amount_due: 982.5, next_due_date: '2027-01-12' },
    });
    expect(await loanStatusOf(app, loan.id)).toBe('withdrawing');

    const rest = { transaction_id: 'T-47b', personal_number: loan.personalNumber, amount: 982.5 };
    expect((await pay(rest)).statusCode).toBe(200);
    expect(await loanStatusOf(app, loan.id)).toBe('withdrawn');
    expect(
      (await paymentsOf(loan.id)).map(({ interestTetri, principalTetri }) => [
        interestTetri,
        principalTetri,
      ]),
    ).toEqual([
      [1_250, 48_750],
      [0, 98_250],
    ]);
    // Paid back, nothing is owed any more.
    expect((await debtOf(loan.personalNumber)).json()).toEqual({
      status: 'success',
      debt: { amount_due: 0, next_due_date: null },
    });
  });
});

describe('reminders at close of day', () => {
  it('texts before the due date and on the 1st and 7th day overdue, each once', async () => {
    const loan = await activeLoan('47');
    // Another paid its first instalment at a terminal ahead of time: it hears nothing.
    const paid = await activeLoan('49');
    const { debt } = (await debtOf(paid.personalNumber)).json<{ debt: { amount_due: number } }>();
    const body = { transaction_id: 'T-49', personal_number: paid.personalNumber };
    expect((await pay({ ...body, amount: debt.amount_due })).statusCode).toBe(200);
    const textsOf = async (pattern: string, number = loan.number) => {
      await app.jobs.runDue();
      return app.database.db.$count(
        smsOutbox,
        and(like(smsOutbox.text, `%№${number}%`), like(smsOutbox.text, pattern)),
      );
    };
    const overdueEvents = () =>
      app.database.db.$count(
        jobs,
        and(
          eq(jobs.kind, 'webhook.deliver'),
          eq(jobs.orderingKey, `application:${loan.id}`),
          sql`${jobs.payload}->>'type' = 'loan.overdue'`,
        ),
      );
    // Closing 6 December opens the 7th, three days before the due date.
    await app.businessCalendar.moveTo('2026-12-06');
    expect(await textsOf('%გადახდის ვადაა%')).toBe(0);
    await app.businessCalendar.moveTo('2026-12-07');
    // Each text says what the account shows on the business date it is queued for.
    const sent = (text: Parameters<typeof translate>) =>
      app.database.db.$count(smsOutbox, eq(smsOutbox.text, translate(...text)));
    const product = app.config.productName;
    const { next_payment: next } = await accountOf(loan);
    await app.businessCalendar.moveTo('2026-12-09');
    expect(await textsOf('%გადახდის ვადაა 2026-12-10%')).toBe(1);
    expect(
      await sent(['sms.paymentReminder', 'ka', { product, number: loan.number, ...next }]),
    ).toBe(1);
    expect(await textsOf('%ვადაგადაცილებულია%')).toBe(0);
    await app.businessCalendar.moveTo('2026-12-11');
    expect(await textsOf('%ვადაგადაცილებულია 1 დღით%')).toBe(1);
    const { overdue } = await accountOf(loan);
    expect(overdue.total).toBeGreaterThan(0);
    expect(
      await sent([
        'sms.paymentOverdue',
        'ka',
        { product, number: loan.number, days: 1, amount: overdue.total },
      ]),
    ).toBe(1);
    expect(await overdueEvents()).toBe(1);
    await app.businessCalendar.moveTo('2026-12-20');
    expect(await textsOf('%ვადაგადაცილებულია 7 დღით%')).toBe(1);
    expect(await textsOf('%ვადაგადაცილებულია%')).toBe(2);
    expect(await textsOf('%გადახდის ვადაა%')).toBe(1);
    expect(await overdueEvents()).toBe(1);
    expect(
      await app.database.db
        .select({ kind: loanReminders.kind, date: loanReminders.businessDate })
        .from(loanReminders)
        .where(eq(loanReminders.loanId, loan.id))
        .orderBy(asc(loanReminders.businessDate)),
    ).toEqual([
      { kind: 'before_due', date: '2026-12-07' },
      { kind: 'overdue_day_1', date: '2026-12-11' },
      { kind: 'overdue_day_7', date: '2026-12-17' },
    ]);
    // Each of those days closed again: nothing more is queued.
    const step = reminderStep({
      sms: app.sms,
      enqueueWebhooks: app.webhooks.enqueueMany,
      log: app.log,
      productName: 'Sesxi',
      daysBefore: 3,
    });
    for (const day of ['2026-12-06', '2026-12-10', '2026-12-16']) {
      await app.database.db.transaction((tx) => step.run(day, tx));
    }
    expect(await textsOf('%შენატან%')).toBe(3);
    expect(await textsOf('%შენატან%', paid.number)).toBe(0);
    expect(await overdueEvents()).toBe(1);
  });
});
