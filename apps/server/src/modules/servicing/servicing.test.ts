import { addDaysToIsoDate, formatLari, toGel, toTetri } from '@sesxi/contract';
import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contractWithdrawals,
  jobs,
  loanAccounts,
  loanInstalments,
  loanTransactions,
  smsOutbox,
} from '#app/db/schema.ts';
import { documentsOf, downloadedText } from '#app/test/customer-documents.ts';
import { coreLenderTestApp, type CoreLenderTestApp } from '#app/test/core-lender.ts';
import { loanStatusOf, setLoanStatus } from '#app/test/loans.ts';
import { signedLoan } from '#app/test/signed-loans.ts';
import { testClock } from '#app/test/test-clock.ts';
import { openTotals } from './account.ts';
import { closeDay } from './close-day.ts';
import { accrue } from './close-of-day.ts';
import { maxPenaltyPpmDaily } from './late-costs.ts';
import { loanAccountOn } from './loan-account.ts';
import { createServicingRepository } from './repository.ts';
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

/** The webhooks queued for a loan, in order. */
async function eventsOf(loanId: number) {
  const rows = await app.database.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, 'webhook.deliver'), eq(jobs.orderingKey, `application:${loanId}`)))
    .orderBy(jobs.id);
  return rows.map((row) => (row.payload as { type: string }).type);
}

/** The `payment.received` webhooks queued for a loan: the transactions they name. */
async function paymentsHeardOf(loanId: number) {
  const rows = await app.database.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, 'webhook.deliver'), eq(jobs.orderingKey, `application:${loanId}`)))
    .orderBy(jobs.id);
  return rows
    .map((row) => row.payload as { type: string; data: { transaction_id?: number } })
    .filter(({ type }) => type === 'payment.received')
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

/** A loan of 1,500 GEL over 12 months, paid out on 23 November (payment day 10): active. */
const activeLoan = (ending: string) => lender.paidOutLoan({ ending });

const { accountOf, payoffOf, reportPayment, totalsNow, ledgerOf, ledgerRow, closeDays } =
  servicingKit(() => lender);

describe('a loan’s account from its payout', () => {
  let loan: Awaited<ReturnType<typeof activeLoan>>;

  beforeAll(async () => {
    loan = await activeLoan('21');
  });

  it('opens with the payout: the schedule, nothing late, the caps’ whole room', async () => {
    const schedule = await app.database.db
      .select()
      .from(loanInstalments)
      .where(eq(loanInstalments.loanId, loan.id))
      .orderBy(asc(loanInstalments.number));
    const [first] = schedule;
    if (!first) throw new Error('the loan has no schedule');
    const answer = await accountOf(loan.token, loan.id);
    expect(answer.statusCode).toBe(200);
    const { account } = answer.json<{ account: Record<string, unknown> }>();
    expect(account).toMatchObject({
      status: 'active',
      principal_outstanding: 1500,
      next_payment: {
        date: '2026-12-10',
        amount: (first.principalTetri + first.interestTetri) / 100,
      },
      overdue: { days: 0, principal: 0, interest: 0, penalty: 0, total: 0 },
      late_costs_cap_left: 2250,
      credit_balance: 0,
      transactions: [
        {
          date: '2026-11-23',
          kind: 'payout',
          amount: 1470,
          allocation: { penalty: 0, interest: 0, principal: 1500, fee: 0, credit: 0 },
          reference: null,
        },
      ],
    });
    const rows = account.schedule as { state: string; number: number }[];
    expect(rows).toHaveLength(12);
    expect(rows.map(({ state }) => state)).toEqual(['due', ...Array<string>(11).fill('future')]);
    // Beside the account, how to pay by transfer: the sandbox lender's account, the customer's
    // personal number in the purpose.
    expect(answer.json()).toMatchObject({
      transfer: {
        bank_name: 'საქართველოს ბანკი',
        iban: 'GE59BG0000000123456789',
        reference: loan.user.identityNumber,
      },
    });
    expect(loan.user.identityNumber).toMatch(/^\d{11}$/);
  });

  it('answers 404 to another customer, as to a loan never paid out', async () => {
    const other = await signedLoan(app, lender.calls, { ending: '22' });
    expect((await accountOf(other.token, loan.id)).statusCode).toBe(404);
    expect((await accountOf(other.token, other.id)).statusCode).toBe(404);
    expect((await payoffOf(other.token, loan.id, '2026-11-23')).statusCode).toBe(404);
  });

  it('closes each day as the pure rules do: interest daily, overdue after the due date, a penalty within the caps', async () => {
    const schedule = await createServicingRepository(app.database.db).schedule(loan.id);
    const terms = { schedule, paidOutOn: '2026-11-23', penaltyPpmDaily: maxPenaltyPpmDaily };
    let expected = openTotals(150_000);
    for (let day = '2026-11-23'; day < '2026-12-13'; day = addDaysToIsoDate(day, 1)) {
      expected = closeDay(day, terms, expected).totals;
    }
    await app.businessCalendar.moveTo('2026-12-13');
    expect(await totalsNow(loan.id)).toEqual(expected);
    // The first period's interest, recognised over its 17 days, is the schedule's exactly.
    const ledger = await ledgerOf(loan.id);
    const accruals = ledger.filter(({ kind }) => kind === 'interest_accrual');
    const firstPeriod = accruals.filter(({ businessDate }) => businessDate < '2026-12-10');
    expect(firstPeriod).toHaveLength(17);
    expect(firstPeriod.reduce((sum, row) => sum + row.amountTetri, 0)).toBe(schedule[0]?.interest);
    // Days 1 and 2 past the due date (11 and 12 December): 0.27% of 1,500 GEL each.
    expect(
      ledger
        .filter(({ kind }) => kind === 'penalty')
        .map(({ businessDate, amountTetri }) => [businessDate, amountTetri]),
    ).toEqual([
      ['2026-12-11', 405],
      ['2026-12-12', 405],
    ]);
    const { account } = (await accountOf(loan.token, loan.id)).json<{
      account: { overdue: object; schedule: { state: string }[]; late_costs_cap_left: number };
    }>();
    expect(account.overdue).toMatchObject({ days: 3, penalty: 8.1 });
    expect(account.schedule[0]).toMatchObject({ state: 'overdue' });
    expect(account.schedule[1]).toMatchObject({ state: 'due' });
    expect(account.late_costs_cap_left).toBe(2250 - 8.1);
  });

  it('charges nothing twice when a day is closed again', async () => {
    const before = { totals: await totalsNow(loan.id), rows: (await ledgerOf(loan.id)).length };
    await app.database.db.transaction((tx) => accrue(tx, '2026-12-12', maxPenaltyPpmDaily));
    expect(await totalsNow(loan.id)).toEqual(before.totals);
    expect(await ledgerOf(loan.id)).toHaveLength(before.rows);
  });

  it('never lets a ledger row change', async () => {
    const [first] = await ledgerOf(loan.id);
    if (!first) throw new Error('the ledger is empty');
    await expect(
      app.database.db
        .update(loanTransactions)
        .set({ amountTetri: 1 })
        .where(eq(loanTransactions.id, first.id)),
    ).rejects.toThrow();
    await expect(
      app.database.db.delete(loanTransactions).where(eq(loanTransactions.id, first.id)),
    ).rejects.toThrow();
  });

  it('takes the core’s payment to the penalty first, then the overdue interest, once per key', async () => {
    const before = await totalsNow(loan.id);
    const body = { amount: 10, paid_at: '2026-12-13 10:00:00', reference: 'CORE-PAY-1' };
    const posted = await reportPayment(loan.id, body, { key: 'core-pay-1' });
    expect(posted.statusCode).toBe(200);
    const { payment } = posted.json<{ payment: { transaction_id: number; duplicate: boolean } }>();
    expect(payment.duplicate).toBe(false);
    const row = await ledgerRow(payment.transaction_id);
    expect(row).toMatchObject({
      kind: 'payment',
      channel: 'core',
      reference: 'CORE-PAY-1',
      amountTetri: 1000,
      penaltyTetri: 810,
      interestTetri: 190,
      principalTetri: 0,
      creditTetri: 0,
    });
    expect(await totalsNow(loan.id)).toMatchObject({
      penaltyDue: 0,
      interestOverdue: before.interestOverdue - 190,
    });

    // The same key again: the first answer, nothing posted; another request under it: 422.
    const again = await reportPayment(loan.id, body, { key: 'core-pay-1' });
    expect(again.json()).toMatchObject({
      payment: { transaction_id: payment.transaction_id, duplicate: true },
    });
    const reused = await reportPayment(loan.id, { ...body, amount: 11 }, { key: 'core-pay-1' });
    expect(reused.statusCode).toBe(422);
    // The same reference under another key is the same payment.
    const sameReference = await reportPayment(loan.id, body, { key: 'core-pay-2' });
    expect(sameReference.json()).toMatchObject({
      payment: { transaction_id: payment.transaction_id, duplicate: true },
    });
    expect(
      (await ledgerOf(loan.id)).filter(({ kind }) => kind === 'payment').map(({ id }) => id),
    ).toEqual([payment.transaction_id]);
  });

  it('refuses a report without a key, from a person, or on an unknown loan', async () => {
    const body = { amount: 1, paid_at: '2026-12-13 10:00:00', reference: 'CORE-PAY-X' };
    expect((await reportPayment(loan.id, body)).statusCode).toBe(400);
    const officer = await lender.calls.officer('599000003');
    expect((await reportPayment(loan.id, body, { key: 'k', headers: officer })).statusCode).toBe(
      403,
    );
    expect((await reportPayment(999_999, body, { key: 'k-unknown' })).statusCode).toBe(404);
  });

  it('quotes the payoff for a day, and paying it as a prepayment repays the loan', async () => {
    const past = await payoffOf(loan.token, loan.id, '2026-12-01');
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({ date: ['თარიღი არ შეიძლება იყოს 2026-12-13-ზე ადრე'] });

    const quoted = await payoffOf(loan.token, loan.id, '2026-12-13');
    expect(quoted.statusCode).toBe(200);
    const { payoff } = quoted.json<{ payoff: { total: number } }>();
    const totals = await totalsNow(loan.id);
    const [first] = await createServicingRepository(app.database.db).schedule(loan.id);
    if (!first) throw new Error('the loan has no schedule');
    expect(payoff).toMatchObject({
      date: '2026-12-13',
      principal: 1500,
      interest: (totals.interestAccrued + totals.interestDue + totals.interestOverdue) / 100,
      penalty: 0,
      // 11 months left: 0.5% of the principal not due yet (the first instalment's is overdue).
      fee: Math.floor(((150_000 - first.principal) * 50) / 10_000) / 100,
    });
    const posted = await app.database.db.transaction((tx) =>
      app.servicing.postPayment(tx, {
        loanId: loan.id,
        amountTetri: Math.round(payoff.total * 100),
        paidOn: '2026-12-13',
        channel: 'card',
        reference: `card-${loan.id}`,
        purpose: 'prepayment',
      }),
    );
    expect(posted.duplicate).toBe(false);
    expect(await loanStatusOf(app, loan.id)).toBe('repaid');
    expect((await eventsOf(loan.id)).slice(-2)).toEqual(['payment.received', 'loan.repaid']);
    expect((await textsNaming(loan.number)).at(-1)).toBe(
      `Sesxi: სესხი (ხელშეკრულება №${loan.number}) სრულად დაიფარა. გმადლობთ!`,
    );
    // The closure letter: repaid in full on the day, and all its payments paid.
    const closures = (await documentsOf(app, loan.token)).filter(({ kind }) => kind === 'closure');
    expect(closures).toEqual([
      expect.objectContaining({
        title: `ცნობა სესხის დახურვის შესახებ №${loan.number}`,
        loan_id: loan.id,
      }),
    ]);
    const letter = await downloadedText(app, loan.token, closures[0]);
    expect(letter).toContain(`სესხი ხელშეკრულებით №${loan.number} 2026-12-13-ს სრულად დაიფარა`);
    const paidInAll = formatLari(10 + payoff.total).replace(/\s/g, ' ');
    expect(letter).toContain(`სულ გადახდილი ${paidInAll}`);
    const { account } = (await accountOf(loan.token, loan.id)).json<{
      account: Record<string, unknown>;
    }>();
    expect(account).toMatchObject({
      status: 'repaid',
      principal_outstanding: 0,
      next_payment: null,
      credit_balance: 0,
    });
    // Money paid after all is kept as a credit to refund, with its own receipt; the loan stays
    // repaid, with one closure letter. Close of day leaves it alone.
    const late = await reportPayment(
      loan.id,
      { amount: 1, paid_at: '2026-12-13 12:00:00', reference: 'CORE-LATE' },
      { key: 'core-late' },
    );
    expect(late.statusCode).toBe(200);
    const { account: credited } = (await accountOf(loan.token, loan.id)).json<{
      account: { status: string; credit_balance: number; transactions: unknown[] };
    }>();
    expect(credited).toMatchObject({ status: 'repaid', credit_balance: 1 });
    expect(credited.transactions.at(-1)).toMatchObject({
      kind: 'payment',
      amount: 1,
      allocation: { penalty: 0, interest: 0, principal: 0, fee: 0, credit: 1 },
      reference: 'CORE-LATE',
    });
    expect((await textsNaming(loan.number)).at(-1)).toBe(
      `Sesxi: მიღებულია 1,00\u00a0₾, მაგრამ სესხი (ხელშეკრულება №${loan.number}) უკვე დახურულია. თანხა აღირიცხა ზედმეტად გადახდილ თანხად; გთხოვთ, დაგვიკავშირდეთ მის დასაბრუნებლად.`,
    );
    expect((await eventsOf(loan.id)).filter((type) => type === 'loan.repaid')).toHaveLength(1);
    const documents = await documentsOf(app, loan.token);
    expect(documents.filter(({ kind }) => kind === 'closure')).toHaveLength(1);
    const lateReceipt = await downloadedText(
      app,
      loan.token,
      documents.find(({ kind }) => kind === 'receipt'),
    );
    expect(lateReceipt).toContain('ზედმეტად გადახდილი თანხა 1,00 ₾');
    expect(lateReceipt).toContain('ზედმეტად გადახდილი თანხის დაბრუნება შეგიძლიათ მოითხოვოთ');
    await app.businessCalendar.moveTo('2026-12-15');
    const [closed] = await app.database.db
      .select({ accruedThrough: loanAccounts.accruedThrough })
      .from(loanAccounts)
      .where(eq(loanAccounts.loanId, loan.id));
    expect(closed).toEqual({ accruedThrough: '2026-12-12' });
  });
});

describe('a loan withdrawn from after its payout', () => {
  it('is withdrawn once the principal paid out and the days’ interest are paid back', async () => {
    const loan = await activeLoan('23');
    const now = app.clock.now();
    await app.database.db.insert(contractWithdrawals).values({
      loanId: loan.id,
      state: 'withdrawing',
      principal: 1470,
      interest: 12.5,
      amountDue: 1482.5,
      daysUsed: 5,
      dueDate: '2027-01-12',
      codeId: 1,
      codeSentAt: now,
      phone: '995555000023',
      ip: '127.0.0.1',
      userAgent: 'test',
      withdrawnOn: '2026-12-13',
      withdrawnAt: now,
    });
    await setLoanStatus(app, loan.id, 'withdrawing');
    const payment = (reference: string, amountTetri: number) =>
      app.database.db.transaction((tx) =>
        app.servicing.postPayment(tx, {
          loanId: loan.id,
          amountTetri,
          paidOn: '2026-12-15',
          channel: 'billing',
          reference,
          purpose: 'instalment',
        }),
      );
    await payment(`w-${loan.id}-1`, 100_000);
    expect(await loanStatusOf(app, loan.id)).toBe('withdrawing');
    await payment(`w-${loan.id}-2`, 48_300);
    expect(await loanStatusOf(app, loan.id)).toBe('withdrawn');
    const payments = (await ledgerOf(loan.id)).filter(({ kind }) => kind === 'payment');
    expect(
      payments.map(({ interestTetri, principalTetri, creditTetri }) => [
        interestTetri,
        principalTetri,
        creditTetri,
      ]),
    ).toEqual([
      [1_250, 98_750, 0],
      [0, 48_250, 50],
    ]);
    expect((await accountOf(loan.token, loan.id)).json()).toMatchObject({
      account: { status: 'withdrawn', credit_balance: 0.5 },
    });
  });
});

describe('a payment’s receipt', () => {
  it('texts the amount in lari, tells the lender and lists a receipt, nothing of it twice', async () => {
    const loan = await activeLoan('24');
    const body = { amount: 123.45, paid_at: '2026-12-15 10:00:00', reference: 'CORE-RECEIPT' };
    const posted = await reportPayment(loan.id, body, { key: 'core-receipt-1' });
    expect(posted.statusCode).toBe(200);
    const { payment } = posted.json<{ payment: { transaction_id: number } }>();
    // The same payment again: under its key, and under another key with its reference.
    for (const key of ['core-receipt-1', 'core-receipt-2']) {
      const again = await reportPayment(loan.id, body, { key });
      expect(again.json()).toMatchObject({ payment: { duplicate: true } });
    }

    expect(await textsNaming(loan.number)).toEqual([
      expect.stringContaining('ჩაირიცხა თქვენს ანგარიშზე'),
      `Sesxi: სესხზე (ხელშეკრულება №${loan.number}) მიღებულია გადახდა 123,45\u00a0₾. ქვითარი თქვენს დოკუმენტებშია.`,
    ]);
    expect(await paymentsHeardOf(loan.id)).toEqual([payment.transaction_id]);
    const receipts = (await documentsOf(app, loan.token)).filter(({ kind }) => kind === 'receipt');
    expect(receipts).toEqual([
      expect.objectContaining({
        title: `გადახდის ქვითარი: 123,45\u00a0₾, ხელშეკრულება №${loan.number}`,
        loan_id: loan.id,
        superseded: false,
      }),
    ]);
    expect(
      (await documentsOf(app, loan.token, 'en')).find(({ kind }) => kind === 'receipt')?.title,
    ).toBe(`Payment receipt: 123,45\u00a0₾, contract №${loan.number}`);
    const text = await downloadedText(app, loan.token, receipts[0]);
    for (const shown of [
      `გადახდის ქვითარი №${payment.transaction_id}`,
      'გადახდის თარიღი 2026-12-15',
      'თანხა 123,45 ₾',
      'გადახდის საშუალება საბანკო გადარიცხვა',
      'მითითება CORE-RECEIPT',
    ]) {
      expect(text).toContain(shown);
    }
    const row = await ledgerRow(payment.transaction_id);
    const shownLari = (tetri: number) => formatLari(tetri / 100).replace(/\s/g, ' ');
    expect(text).toContain(
      `ჯარიმა ${shownLari(row.penaltyTetri)} პროცენტი ${shownLari(row.interestTetri)} ძირი ${shownLari(row.principalTetri)}`,
    );
    expect(row.principalTetri).toBeGreaterThan(0);
    expect(text).toContain(`დარჩენილი ძირი ${shownLari(150_000 - row.principalTetri)}`);
    expect(text).not.toContain('დაბრუნება შეგიძლიათ მოითხოვოთ');
  });
});

describe('a prepayment that lowers the instalment', () => {
  it('closes the days on the new schedule as the pure rules do, the first period its interest exactly', async () => {
    const loan = await activeLoan('25');
    const servicing = createServicingRepository(app.database.db);
    const before = await servicing.schedule(loan.id);
    await app.database.db.transaction((tx) =>
      app.servicing.postPayment(tx, {
        loanId: loan.id,
        amountTetri: 50_000,
        paidOn: '2026-11-23',
        channel: 'card',
        reference: `keep-term-${loan.id}`,
        purpose: 'prepayment',
        keep: 'term',
      }),
    );
    const schedule = await servicing.schedule(loan.id);
    // The prepayment's row on its day, then the same twelve dates at a lower instalment.
    expect(schedule.map(({ dueDate }) => dueDate)).toEqual([
      '2026-11-23',
      ...before.map(({ dueDate }) => dueDate),
    ]);
    expect(schedule[1]?.principal).toBeLessThan(before[0]?.principal ?? 0);

    const terms = { schedule, paidOutOn: '2026-11-23', penaltyPpmDaily: maxPenaltyPpmDaily };
    let expected = await totalsNow(loan.id);
    for (let day = '2026-11-23'; day < '2026-12-13'; day = addDaysToIsoDate(day, 1)) {
      expected = closeDay(day, terms, expected).totals;
      await app.database.db.transaction((tx) => accrue(tx, day, maxPenaltyPpmDaily));
    }
    expect(await totalsNow(loan.id)).toEqual(expected);
    const accruals = (await ledgerOf(loan.id)).filter(
      ({ kind, businessDate }) => kind === 'interest_accrual' && businessDate < '2026-12-10',
    );
    expect(accruals.reduce((sum, row) => sum + row.amountTetri, 0)).toBe(schedule[1]?.interest);

    // The payout's schedule stays as it was, and no row of either version can change.
    const versions = await app.database.db
      .select({ version: loanInstalments.version, transactionId: loanInstalments.transactionId })
      .from(loanInstalments)
      .where(eq(loanInstalments.loanId, loan.id));
    expect(versions.filter(({ version }) => version === 1)).toHaveLength(12);
    expect(
      versions.filter(({ version, transactionId }) => version === 2 && transactionId),
    ).toHaveLength(13);
    await expect(
      app.database.db
        .update(loanInstalments)
        .set({ interestTetri: 0 })
        .where(eq(loanInstalments.loanId, loan.id)),
    ).rejects.toThrow();
  });
});

describe('an instalment paid before its due date', () => {
  it('is settled by the next payment’s amount: nothing falls due unpaid, nothing overdue, no penalty', async () => {
    const loan = await activeLoan('27');
    const db = app.database.db;
    const schedule = await createServicingRepository(db).schedule(loan.id);
    const [first, second] = schedule;
    const terms = { schedule, paidOutOn: '2026-11-23', penaltyPpmDaily: maxPenaltyPpmDaily };
    const accountOn = async (day: string) => (await loanAccountOn(db, loan.id, day))?.account;

    // Five days before the first due date the customer pays what the account shows.
    await closeDays('2026-11-23', '2026-12-05');
    const shown = (await accountOn('2026-12-05'))?.next_payment;
    expect(shown).toEqual({
      date: '2026-12-10',
      amount: toGel((first?.principal ?? 0) + (first?.interest ?? 0)),
    });
    await db.transaction((tx) =>
      app.servicing.postPayment(tx, {
        loanId: loan.id,
        amountTetri: toTetri(shown?.amount ?? 0),
        paidOn: '2026-12-05',
        channel: 'card',
        reference: `ahead-${loan.id}`,
        purpose: 'instalment',
      }),
    );
    expect((await accountOn('2026-12-05'))?.next_payment?.date).toBe(second?.dueDate);

    // Past the due date: close of day as the pure rules, the advance paying the period's rest.
    let expected = await totalsNow(loan.id);
    expect(expected.interestPrepaid).toBeGreaterThan(0);
    for (let day = '2026-12-05'; day < '2026-12-13'; day = addDaysToIsoDate(day, 1)) {
      expected = closeDay(day, terms, expected).totals;
    }
    await closeDays('2026-12-05', '2026-12-13');
    expect(await totalsNow(loan.id)).toEqual(expected);
    expect(expected).toMatchObject({
      interestDue: 0,
      interestOverdue: 0,
      penaltyDue: 0,
      lateCosts: 0,
    });
    expect((await ledgerOf(loan.id)).filter(({ kind }) => kind === 'penalty')).toEqual([]);
    const account = await accountOn('2026-12-13');
    expect(account?.overdue).toEqual({ days: 0, principal: 0, interest: 0, penalty: 0, total: 0 });
    expect(account?.schedule.slice(0, 2).map(({ state }) => state)).toEqual(['paid', 'due']);
    expect(account?.next_payment?.date).toBe(second?.dueDate);
  });
});
