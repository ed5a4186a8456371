import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanTransactions } from '#app/db/schema.ts';
import { coreLenderTestApp, type CoreLenderTestApp } from '#app/test/core-lender.ts';
import { raceAt } from '#app/test/race.ts';
import { testClock } from '#app/test/test-clock.ts';
import { owed } from './account.ts';
import { accrue } from './close-of-day.ts';
import { maxPenaltyPpmDaily } from './late-costs.ts';
import type { Payment } from './payments.ts';
import { createServicingRepository, totalsOf } from './repository.ts';

// 23 November 2026 in Tbilisi: the loans are paid out on it.
const clock = testClock();
let app: FastifyInstance;
let lender: CoreLenderTestApp;

beforeAll(async () => {
  lender = await coreLenderTestApp({ clock });
  ({ app } = lender);
});

afterAll(() => lender.close());

async function activeLoan(ending: string) {
  return (await lender.paidOutLoan({ ending })).id;
}

async function accountOf(loanId: number) {
  const account = await createServicingRepository(app.database.db).account(loanId);
  if (!account) throw new Error(`no account for ${loanId}`);
  return account;
}

const pay = (payment: Payment) =>
  app.database.db.transaction((tx) => app.servicing.postPayment(tx, payment));

const paymentOf = (loanId: number, reference: string): Payment => ({
  loanId,
  amountTetri: 10_000,
  paidOn: '2026-11-23',
  channel: 'card',
  reference,
  purpose: 'instalment',
});

describe('payments and close of day at once', () => {
  it('posts two payments racing on one loan one after the other, neither losing the other’s', async () => {
    const loanId = await activeLoan('31');
    const before = totalsOf(await accountOf(loanId));
    // Each reads the account to allocate on it: held there, the other must wait for the loan.
    const race = raceAt(app, /from "loan_accounts" where .* for update/);
    const posted = await Promise.all([
      pay(paymentOf(loanId, 'race-a')),
      pay(paymentOf(loanId, 'race-b')),
    ]);
    await race.finish();
    expect(posted.map(({ duplicate }) => duplicate)).toEqual([false, false]);
    const after = totalsOf(await accountOf(loanId));
    // Both whole: the first instalment's principal, and what is past it the period's interest
    // in advance (decision 023) and principal.
    expect(owed(before) - owed(after) + after.interestPrepaid).toBe(20_000);
    expect(after.principalPaid + after.interestPrepaid).toBe(20_000);
  });

  it('posts one payment once when its reference arrives twice at the same time', async () => {
    const loanId = await activeLoan('32');
    const race = raceAt(app, /from "loan_transactions" where/);
    const posted = await Promise.all([
      pay(paymentOf(loanId, 'twice')),
      pay(paymentOf(loanId, 'twice')),
    ]);
    await race.finish();
    expect(posted.map(({ duplicate }) => duplicate).sort()).toEqual([false, true]);
    const [one, two] = posted;
    expect(one.transactionId).toBe(two.transactionId);
    expect(totalsOf(await accountOf(loanId)).principalPaid).toBe(10_000);
  });

  it('accrues a day once when two closes of it run at the same time', async () => {
    const loanId = await activeLoan('33');
    const close = () =>
      app.database.db.transaction((tx) => accrue(tx, '2026-11-23', maxPenaltyPpmDaily));
    const race = raceAt(app, /for update of a/);
    await Promise.all([close(), close()]);
    await race.finish();
    const accruals = await app.database.db
      .select()
      .from(loanTransactions)
      .where(
        and(eq(loanTransactions.loanId, loanId), eq(loanTransactions.kind, 'interest_accrual')),
      );
    expect(accruals).toHaveLength(1);
    const [accrual] = accruals;
    expect(accrual?.amountTetri).toBeGreaterThan(0);
    expect(await accountOf(loanId)).toMatchObject({
      accruedThrough: '2026-11-23',
      interestAccruedTetri: accrual?.amountTetri,
    });
  });
});
