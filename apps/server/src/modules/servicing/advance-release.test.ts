import { formatLari, toGel, toTetri } from '@sesxi/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsOf, downloadedText } from '#app/test/customer-documents.ts';
import { coreLenderTestApp, type CoreLenderTestApp } from '#app/test/core-lender.ts';
import { loanStatusOf } from '#app/test/loans.ts';
import { testClock } from '#app/test/test-clock.ts';
import { principalOutstanding } from './account.ts';
import { createServicingRepository } from './repository.ts';
import { servicingKit } from './servicing-test-kit.ts';

/*
 * An advance of interest no longer to be earned (decision 023): released by an
 * `advance_release` correction into the principal of the payment that repays the loan with it
 * (the payoff quote nets it off) or into credit once no principal is left.
 */

// 23 November 2026 in Tbilisi: the business date the loans are paid out on.
const clock = testClock();
let app: FastifyInstance;
let lender: CoreLenderTestApp;
const { accountOf, payoffOf, reportPayment, totalsNow, ledgerOf, closeDays } = servicingKit(
  () => lender,
);

type Loan = Awaited<ReturnType<CoreLenderTestApp['paidOutLoan']>>;
let byCard: Loan;
let byCore: Loan;
let overpaid: Loan;

/**
 * The first instalment of each loan paid on 5 December, five days before its due date, so that
 * the rest of its period's interest is held in advance.
 */
beforeAll(async () => {
  lender = await coreLenderTestApp({ clock, webhooks: true });
  ({ app } = lender);
  byCard = await lender.paidOutLoan({ ending: '31' });
  byCore = await lender.paidOutLoan({ ending: '32' });
  overpaid = await lender.paidOutLoan({ ending: '33' });
  await closeDays('2026-11-23', '2026-12-05');
  for (const loan of [byCard, byCore, overpaid]) {
    const [first] = await createServicingRepository(app.database.db).schedule(loan.id);
    await app.database.db.transaction((tx) =>
      app.servicing.postPayment(tx, {
        loanId: loan.id,
        amountTetri: (first?.principal ?? 0) + (first?.interest ?? 0),
        paidOn: '2026-12-05',
        channel: 'card',
        reference: `ahead-${loan.id}`,
        purpose: 'instalment',
      }),
    );
    expect((await totalsNow(loan.id)).interestPrepaid).toBeGreaterThan(0);
  }
});

afterAll(() => lender.close());

describe('a loan holding an advance of interest', () => {
  /**
   * The ledger and the account agree: the payments' amounts are what their allocations and the
   * advances released add up to, and the principal, interest and credit they hold are the
   * account's.
   */
  async function expectLedgerAgrees(loanId: number) {
    const rows = await ledgerOf(loanId);
    const moved = rows.filter(({ kind }) => kind === 'payment' || kind === 'advance_release');
    const sum = (part: (row: (typeof rows)[number]) => number) =>
      moved.reduce((total, row) => total + part(row), 0);
    const totals = await totalsNow(loanId);
    expect(
      sum((row) =>
        [
          row.penaltyTetri,
          row.interestTetri,
          row.principalTetri,
          row.feeTetri,
          row.creditTetri,
        ].reduce((total, part) => total + part, 0),
      ),
    ).toBe(sum((row) => row.amountTetri));
    expect(sum((row) => row.principalTetri)).toBe(totals.principalPaid + totals.principalPrepaid);
    expect(sum((row) => row.creditTetri)).toBe(totals.credit);
    const accrued = rows
      .filter(({ kind }) => kind === 'interest_accrual')
      .reduce((total, row) => total + row.amountTetri, 0);
    const unpaid = totals.interestAccrued + totals.interestDue + totals.interestOverdue;
    expect(sum((row) => row.interestTetri)).toBe(accrued - unpaid + totals.interestPrepaid);
    return { rows, totals };
  }

  it('releases the advance into credit when a payment leaves no principal to earn it', async () => {
    const loan = overpaid;
    const held = (await totalsNow(loan.id)).interestPrepaid;
    const outstanding = principalOutstanding(await totalsNow(loan.id));
    await app.database.db.transaction((tx) =>
      app.servicing.postPayment(tx, {
        loanId: loan.id,
        amountTetri: outstanding + 100,
        paidOn: '2026-12-05',
        channel: 'card',
        reference: `all-${loan.id}`,
        purpose: 'instalment',
      }),
    );
    expect(await loanStatusOf(app, loan.id)).toBe('repaid');
    const { rows, totals } = await expectLedgerAgrees(loan.id);
    expect(totals).toMatchObject({ credit: 100 + held, interestPrepaid: 0 });
    expect(rows.at(-1)).toMatchObject({
      kind: 'advance_release',
      amountTetri: 0,
      interestTetri: -held,
      principalTetri: 0,
      creditTetri: held,
    });
    const { account } = (await accountOf(loan.token, loan.id)).json<{
      account: { credit_balance: number };
    }>();
    expect(account.credit_balance).toBe(toGel(100 + held));
  });

  it('nets the advance off the payoff quote, and paying it by card closes the loan with no credit', async () => {
    const loan = byCard;
    const quoted = await payoffOf(loan.token, loan.id, '2026-12-07');
    expect(quoted.statusCode).toBe(200);
    const { payoff } = quoted.json<{
      payoff: { principal: number; interest: number; fee: number; penalty: number; total: number };
    }>();
    // Nothing accrued since the payment (the advance pays each day), so the interest is minus
    // what is left of the advance after the 5th and 6th.
    expect(payoff.interest).toBeLessThan(0);
    expect(payoff.total).toBe(
      toGel(toTetri(payoff.principal) + toTetri(payoff.interest) + toTetri(payoff.fee)),
    );
    await closeDays('2026-12-05', '2026-12-07');
    const held = (await totalsNow(loan.id)).interestPrepaid;
    expect(toTetri(payoff.interest)).toBe(-held);

    await app.database.db.transaction((tx) =>
      app.servicing.postPayment(tx, {
        loanId: loan.id,
        amountTetri: toTetri(payoff.total),
        paidOn: '2026-12-07',
        channel: 'card',
        reference: `payoff-${loan.id}`,
        purpose: 'prepayment',
      }),
    );
    expect(await loanStatusOf(app, loan.id)).toBe('repaid');
    const { rows, totals } = await expectLedgerAgrees(loan.id);
    expect(totals).toMatchObject({ credit: 0, interestPrepaid: 0 });
    expect(rows.slice(-2)).toMatchObject([
      {
        kind: 'payment',
        amountTetri: toTetri(payoff.total),
        interestTetri: 0,
        principalTetri: toTetri(payoff.principal) - held,
        feeTetri: toTetri(payoff.fee),
        creditTetri: 0,
      },
      {
        kind: 'advance_release',
        amountTetri: 0,
        interestTetri: -held,
        principalTetri: held,
        creditTetri: 0,
        reference: `payoff-${loan.id}`,
        businessDate: '2026-12-07',
      },
    ]);
    const { account } = (await accountOf(loan.token, loan.id)).json<{
      account: { credit_balance: number; transactions: unknown[] };
    }>();
    expect(account.credit_balance).toBe(0);
    expect(account.transactions.at(-1)).toMatchObject({
      kind: 'advance_release',
      amount: 0,
      allocation: { penalty: 0, interest: -toGel(held), principal: toGel(held), fee: 0, credit: 0 },
      reference: `payoff-${loan.id}`,
    });
    // The closure letter: every payment in all, its parts net of the advance released.
    const closure = (await documentsOf(app, loan.token)).find(({ kind }) => kind === 'closure');
    const letter = await downloadedText(app, loan.token, closure);
    const paidInAll = rows
      .filter(({ kind }) => kind === 'payment')
      .reduce((total, row) => total + row.amountTetri, 0);
    expect(letter).toContain(`სულ გადახდილი ${formatLari(toGel(paidInAll)).replace(/\s/g, ' ')}`);
    expect(letter).toContain(`ძირი ${formatLari(1500).replace(/\s/g, ' ')}`);
    expect(letter).not.toContain('ზედმეტად გადახდილი თანხის დაბრუნება');
  });

  it('closes the loan when the core pays the quote less the fee an instalment does not carry', async () => {
    const loan = byCore;
    const { payoff } = (await payoffOf(loan.token, loan.id, '2026-12-07')).json<{
      payoff: { fee: number; total: number };
    }>();
    await app.businessCalendar.moveTo('2026-12-07');
    const reported = await reportPayment(
      loan.id,
      {
        amount: toGel(toTetri(payoff.total) - toTetri(payoff.fee)),
        paid_at: '2026-12-07 12:00:00',
        reference: `CORE-PAYOFF-${loan.id}`,
      },
      { key: `core-payoff-${loan.id}` },
    );
    expect(reported.statusCode).toBe(200);
    expect(await loanStatusOf(app, loan.id)).toBe('repaid');
    const { rows, totals } = await expectLedgerAgrees(loan.id);
    expect(totals).toMatchObject({ credit: 0, interestPrepaid: 0 });
    expect(rows.at(-1)).toMatchObject({ kind: 'advance_release', creditTetri: 0 });
  });
});
