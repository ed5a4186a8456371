import { addDaysToIsoDate, addMonths, formatIsoDate, parseIsoDate } from '@sesxi/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duesOn, openTotals, owed, principalOutstanding, type AccountTotals } from './account.ts';
import {
  allocatePayment,
  type Allocated,
  type Allocation,
  type PaymentPurpose,
} from './allocation.ts';
import { closeDay, type LoanTerms } from './close-day.ts';
import { lateCostsCap, maxPenaltyPpmDaily } from './late-costs.ts';
import { earlyRepaymentFeeBp, payoffOn } from './payoff.ts';

/** Runs per property; raise it (e.g. NUM_RUNS=5000) to stress the properties locally. */
const numRuns = Number(process.env.NUM_RUNS ?? 200);

const paidOutOn = '2026-01-10';

/** A schedule of 1–36 monthly instalments from the 25th after the payout. */
const terms = fc
  .record({
    rows: fc.array(
      fc.record({
        principal: fc.integer({ min: 1, max: 500_000 }),
        interest: fc.integer({ min: 0, max: 60_000 }),
      }),
      { minLength: 1, maxLength: 36 },
    ),
    penaltyPpmDaily: fc.integer({ min: 0, max: 10_000 }),
  })
  .map(({ rows, penaltyPpmDaily }): LoanTerms => ({
    paidOutOn,
    penaltyPpmDaily,
    schedule: rows.map((row, index) => ({
      ...row,
      number: index + 1,
      dueDate: formatIsoDate(addMonths(parseIsoDate('2026-02-25'), index)),
    })),
  }));

type Event =
  { kind: 'days'; days: number } | { kind: 'pay'; amount: number; purpose: PaymentPurpose };

const events = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 1, max: 90 }) }),
    fc.record({
      kind: fc.constant('pay' as const),
      amount: fc.integer({ min: 1, max: 3_000_000 }),
      purpose: fc.constantFrom<PaymentPurpose>('instalment', 'prepayment'),
    }),
  ),
  { maxLength: 30 },
);

/** A check cheap enough for every simulated day (expect is slow in a loop of thousands). */
function check(holds: boolean, what: string, detail: unknown) {
  if (!holds) throw new Error(`${what}: ${JSON.stringify(detail)}`);
}

function checkSound(totals: AccountTotals) {
  const sound =
    Object.values(totals).every((value) => Number.isSafeInteger(value) && value >= 0) &&
    principalOutstanding(totals) >= 0;
  check(sound, 'a balance went negative', totals);
}

const sumOf = (allocation: Allocation) =>
  allocation.penalty +
  allocation.interest +
  allocation.principal +
  allocation.fee +
  allocation.credit;

/** The ledger's sums: the payments' amounts, their and the releases' allocations, the accruals. */
function ledgerSums() {
  const sums = { paid: 0, allocated: 0, interest: 0, principal: 0, credit: 0, accrued: 0 };
  const post = (allocation: Allocation, amount: number) => {
    sums.paid += amount;
    sums.allocated += sumOf(allocation);
    sums.interest += allocation.interest;
    sums.principal += allocation.principal;
    sums.credit += allocation.credit;
  };
  return {
    sums,
    /** A payment and the advance it released, as postPayment posts them. */
    pay({ allocation, release }: Allocated, amount: number) {
      post(allocation, amount);
      if (release) post(release, 0);
    },
  };
}

/** The ledger adds up to the account: its payments, principal, interest and credit. */
function checkLedger({ sums }: ReturnType<typeof ledgerSums>, totals: AccountTotals) {
  const unpaid = totals.interestAccrued + totals.interestDue + totals.interestOverdue;
  check(
    sums.allocated === sums.paid &&
      sums.principal === totals.principalPaid + totals.principalPrepaid &&
      sums.credit === totals.credit &&
      sums.interest === sums.accrued - unpaid + totals.interestPrepaid,
    'a ledger that does not add up to the account',
    { sums, totals },
  );
}

/** Plays a history, checking every step; answers the account at its end. */
function play(loan: LoanTerms, history: readonly Event[]) {
  let totals = openTotals(loan.schedule.reduce((sum, row) => sum + row.principal, 0));
  let accruedThrough = addDaysToIsoDate(paidOutOn, -1);
  const ledger = ledgerSums();
  for (const event of history) {
    if (event.kind === 'days') {
      for (let day = 0; day < event.days; day += 1) {
        const date = addDaysToIsoDate(accruedThrough, 1);
        const closed = closeDay(date, loan, totals);
        const outstanding = principalOutstanding(totals);
        const rateCap = Math.floor((outstanding * maxPenaltyPpmDaily) / 1_000_000);
        check(closed.penalty <= rateCap, 'a penalty above 0.27% a day', { date, closed, totals });
        check(
          closed.penalty === 0 || closed.totals.lateCosts <= lateCostsCap(outstanding),
          'late costs above 1.5 times the principal',
          { date, closed, totals },
        );
        check(closed.interest >= 0, 'negative interest', closed);
        totals = closed.totals;
        ledger.sums.accrued += closed.interest;
        accruedThrough = date;
        checkSound(totals);
      }
    } else {
      const today = addDaysToIsoDate(accruedThrough, 1);
      const allocated = allocatePayment(event.amount, {
        schedule: loan.schedule,
        totals,
        today,
        paidOutOn,
        purpose: event.purpose,
        feeBp: earlyRepaymentFeeBp(today, loan, totals),
      });
      const { allocation, release, totals: after } = allocated;
      const { penalty, interest, principal, fee, credit } = allocation;
      const parts = [penalty, interest, principal, fee, credit];
      check(
        parts.every((part) => Number.isSafeInteger(part) && part >= 0) &&
          parts.reduce((sum, part) => sum + part, 0) === event.amount,
        'an allocation that is not the payment',
        { event, allocation },
      );
      // Each tetri but the fee pays what is owed, is held as interest in advance or is a credit.
      check(
        owed(totals) -
          owed(after) +
          (after.interestPrepaid - totals.interestPrepaid) +
          (after.credit - totals.credit) ===
          event.amount - allocation.fee,
        'a payment that did not reduce what is owed by what it paid',
        { event, allocation, totals, after },
      );
      // An advance released leaves interest for principal or credit: 0 in all, no advance left.
      check(
        !release ||
          (sumOf(release) === 0 &&
            release.interest < 0 &&
            [release.penalty, release.principal, release.fee, release.credit].every(
              (part) => part >= 0,
            ) &&
            after.interestPrepaid === 0),
        'an advance released that is not one',
        { event, release, after },
      );
      // Once no principal is left, no advance is held.
      check(
        principalOutstanding(after) > 0 || after.interestPrepaid === 0,
        'an advance held with no principal to earn it',
        { event, after },
      );
      totals = after;
      ledger.pay(allocated, event.amount);
      checkSound(totals);
      checkLedger(ledger, totals);
    }
  }
  return { totals, accruedThrough, ledger };
}

describe('the ledger’s arithmetic over random payment histories', () => {
  it('never charges late costs above the caps, allocates every payment whole, never goes negative', () => {
    fc.assert(
      fc.property(terms, events, (loan, history) => {
        play(loan, history);
      }),
      { numRuns },
    );
  });

  it('repays everything with the payoff quote’s total paid as a prepayment', () => {
    fc.assert(
      fc.property(terms, events, fc.integer({ min: 1, max: 60 }), (loan, history, ahead) => {
        const account = play(loan, history);
        const day = addDaysToIsoDate(account.accruedThrough, ahead);
        const quote = payoffOn(day, loan, account);
        fc.pre(quote.total > 0);
        let { totals } = account;
        const { ledger } = account;
        for (let next = addDaysToIsoDate(account.accruedThrough, 1); next < day;) {
          const closed = closeDay(next, loan, totals);
          totals = closed.totals;
          ledger.sums.accrued += closed.interest;
          next = addDaysToIsoDate(next, 1);
        }
        const allocated = allocatePayment(quote.total, {
          schedule: loan.schedule,
          totals,
          today: day,
          paidOutOn,
          purpose: 'prepayment',
          feeBp: earlyRepaymentFeeBp(day, loan, totals),
        });
        const { allocation, release, totals: after } = allocated;
        expect(owed(after)).toBe(0);
        expect(allocation).toMatchObject({ fee: quote.fee, credit: 0 });
        // The advance the quote nets off goes to the principal: nothing of it becomes credit.
        expect(after).toMatchObject({ interestPrepaid: 0, credit: totals.credit });
        expect(release?.credit ?? 0).toBe(0);
        ledger.pay(allocated, quote.total);
        checkLedger(ledger, after);
      }),
      { numRuns },
    );
  });
});

describe('an instalment paid before its due date', () => {
  it('leaves nothing of its period to fall due: no interest, principal or penalty late', () => {
    const paidAhead = terms.chain((loan) =>
      fc.record({
        loan: fc.constant(loan),
        index: fc.integer({ min: 0, max: loan.schedule.length - 1 }),
        daysBefore: fc.integer({ min: 1, max: 28 }),
      }),
    );
    fc.assert(
      fc.property(paidAhead, ({ loan, index, daysBefore }) => {
        const instalment = loan.schedule[index];
        if (!instalment) throw new Error('no such instalment');
        const payDay = addDaysToIsoDate(instalment.dueDate, -daysBefore);
        let totals = openTotals(loan.schedule.reduce((sum, row) => sum + row.principal, 0));
        const pay = (amount: number, today: string) => {
          if (amount === 0) return;
          totals = allocatePayment(amount, {
            schedule: loan.schedule,
            totals,
            today,
            paidOutOn,
            purpose: 'instalment',
            feeBp: 0,
          }).totals;
          checkSound(totals);
        };
        const dayAfter = addDaysToIsoDate(instalment.dueDate, 1);
        for (let day = paidOutOn; day <= dayAfter; day = addDaysToIsoDate(day, 1)) {
          // The instalments before it paid on their due dates, as scheduled.
          if (
            loan.schedule.some(({ dueDate }) => dueDate === day && dueDate < instalment.dueDate)
          ) {
            const dues = duesOn(loan.schedule, totals, day);
            pay(dues.interestDue + dues.principalDue, day);
          }
          if (day === payDay) pay(instalment.principal + instalment.interest, day);
          totals = closeDay(day, loan, totals).totals;
          checkSound(totals);
        }
        const dues = duesOn(loan.schedule, totals, dayAfter);
        expect({
          overdueInterest: dues.overdueInterest,
          overduePrincipal: dues.overduePrincipal,
          interestDue: dues.interestDue,
          penalty: dues.penalty,
        }).toEqual({ overdueInterest: 0, overduePrincipal: 0, interestDue: 0, penalty: 0 });
      }),
      { numRuns },
    );
  });
});
