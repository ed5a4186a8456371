import {
  addDaysToIsoDate,
  buildScheduleTetri,
  formatIsoDate,
  type ScheduleTetri,
} from '@sesxi/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instalmentBalances, openTotals, principalOutstanding } from './account.ts';
import { allocatePayment } from './allocation.ts';
import { closeDay } from './close-day.ts';
import { reschedule, type Keep, type ScheduleRow } from './reschedule.ts';

/** Runs per property; raise it (e.g. NUM_RUNS=5000) to stress the properties locally. */
const numRuns = Number(process.env.NUM_RUNS ?? 200);

const paidOutOn = '2026-01-10';

/** A built schedule's rows as the servicing account keeps them. */
const rowsOf = (built: ScheduleTetri): ScheduleRow[] =>
  built.rows.map((row) => ({
    number: row.number,
    dueDate: formatIsoDate(row.date),
    principal: row.principal,
    interest: row.interest,
    fee: row.fee,
    balance: row.balance,
  }));

/**
 * A loan's schedule as a payout fixes it, paid on schedule through `paidRows` instalments,
 * then prepaid on a day before the next due date: the account before and after the prepayment.
 */
const prepaidLoans = fc
  .record({
    amount: fc.integer({ min: 100, max: 20_000 }),
    months: fc.integer({ min: 2, max: 36 }),
    nominalRate: fc.integer({ min: 0, max: 60 }),
    paymentDay: fc.integer({ min: 1, max: 28 }),
    paidShare: fc.double({ min: 0, max: 0.99, noNaN: true }),
    daysIn: fc.integer({ min: 0, max: 27 }),
    prepayShare: fc.double({ min: 0.001, max: 0.99, noNaN: true }),
    accrued: fc.integer({ min: 0, max: 5_000 }),
    keep: fc.constantFrom<Keep>('term', 'payment'),
  })
  .map((loan) => {
    const pricing = {
      nominal_rate: loan.nominalRate,
      origination_fee_percent: 0,
      origination_fee_fixed: 0,
      monthly_fee: 0,
    };
    const built = buildScheduleTetri(pricing, loan, paidOutOn);
    const schedule = rowsOf(built);
    const paidRows = Math.floor(loan.paidShare * (loan.months - 1));
    const lastPaid = schedule[paidRows - 1]?.dueDate ?? paidOutOn;
    const today = addDaysToIsoDate(lastPaid, 1 + loan.daysIn);
    const before = {
      ...openTotals(built.amount),
      principalPaid: schedule.slice(0, paidRows).reduce((sum, row) => sum + row.principal, 0),
      interestAccrued: loan.accrued,
    };
    const owedNow = principalOutstanding(before) + before.interestAccrued;
    const amount = Math.max(1, Math.floor(loan.prepayShare * owedNow));
    const { totals: after } = allocatePayment(amount, {
      schedule,
      totals: before,
      today,
      paidOutOn,
      purpose: 'prepayment',
      feeBp: 0,
    });
    return { ...loan, schedule, before, after, today };
  });

describe('the schedule a prepayment leaves', () => {
  it('keeps the instalments due, repays the principal outstanding exactly, never more a month', () => {
    fc.assert(
      fc.property(prepaidLoans, ({ schedule, before, after, today, nominalRate, keep }) => {
        const rescheduled = reschedule(schedule, { before, after }, { today, nominalRate, keep });
        if (after.principalPrepaid === 0 || principalOutstanding(after) === 0) {
          expect(rescheduled).toBeUndefined();
          return;
        }
        if (!rescheduled) throw new Error('a prepayment changed no schedule');
        const { schedule: rows, totals } = rescheduled;
        const outstanding = principalOutstanding(after);
        expect(principalOutstanding(totals)).toBe(outstanding);
        expect(rows.reduce((sum, row) => sum + row.principal, 0)).toBe(after.principal);
        expect(rows.map((row) => row.number)).toEqual(rows.map((_, index) => index + 1));
        const past = schedule.filter(({ dueDate }) => dueDate <= today);
        expect(rows.slice(0, past.length)).toEqual(past);
        const future = rows.filter(({ dueDate }) => dueDate > today);
        expect(future.reduce((sum, row) => sum + row.principal, 0)).toBe(outstanding);
        let balance = outstanding;
        for (const row of future) {
          expect(Math.min(row.principal, row.interest, row.fee)).toBeGreaterThanOrEqual(0);
          balance -= row.principal;
          expect(row.balance).toBe(balance);
        }
        expect(balance).toBe(0);
        // On the new schedule everything repaid so far fills the rows up to the prepayment.
        for (const row of instalmentBalances(rows, totals)) {
          expect(row.unpaid).toBe(row.dueDate > today ? row.principal : 0);
        }
        const old = new Map(schedule.map((row) => [row.dueDate, row]));
        const regular = Math.max(
          ...schedule.filter(({ dueDate }) => dueDate > today).map((r) => r.principal + r.interest),
        );
        for (const row of future) {
          const was = old.get(row.dueDate);
          if (!was) throw new Error(`a new due date ${row.dueDate}`);
          // Less owed, so never more interest, nor a larger instalment, than before.
          expect(row.interest).toBeLessThanOrEqual(was.interest);
          expect(row.principal + row.interest).toBeLessThanOrEqual(regular);
        }
        const lastDate = (list: readonly ScheduleRow[]) => list.at(-1)?.dueDate;
        if (keep === 'term') expect(lastDate(future)).toBe(lastDate(schedule));
        else expect(future.length).toBeLessThanOrEqual(schedule.length - past.length);
      }),
      { numRuns },
    );
  });

  it('accrues exactly the first new instalment’s interest when it is paid as scheduled', () => {
    fc.assert(
      fc.property(prepaidLoans, ({ schedule, before, after, today, nominalRate, keep }) => {
        const rescheduled = reschedule(schedule, { before, after }, { today, nominalRate, keep });
        if (!rescheduled) return;
        const terms = { schedule: rescheduled.schedule, paidOutOn, penaltyPpmDaily: 0 };
        const next = rescheduled.schedule.find(({ dueDate }) => dueDate > today);
        if (!next) throw new Error('no instalment left');
        let totals = rescheduled.totals;
        for (let day = today; day < next.dueDate; day = addDaysToIsoDate(day, 1)) {
          totals = closeDay(day, terms, totals).totals;
        }
        expect(totals.interestDue).toBe(next.interest);
      }),
      { numRuns },
    );
  });

  it('lowers the instalment keeping the term, and shortens the term keeping the instalment', () => {
    const built = buildScheduleTetri(
      { nominal_rate: 24, origination_fee_percent: 0, origination_fee_fixed: 0, monthly_fee: 0 },
      { amount: 1200, months: 12, paymentDay: 5 },
      paidOutOn,
    );
    const schedule = rowsOf(built);
    const before = openTotals(built.amount);
    const after = { ...before, principalPrepaid: 60_000 };
    const today = '2026-01-20';
    const byTerm = reschedule(
      schedule,
      { before, after },
      { today, nominalRate: 24, keep: 'term' },
    );
    const byPayment = reschedule(
      schedule,
      { before, after },
      { today, nominalRate: 24, keep: 'payment' },
    );
    // The prepayment's own row, then the 600 GEL left over the same twelve dates: half the
    // instalment (56.18 GEL of 113.47) …
    expect(byTerm?.schedule[0]).toMatchObject({
      dueDate: today,
      principal: 60_000,
      balance: 60_000,
    });
    expect(byTerm?.schedule).toHaveLength(13);
    expect(byTerm?.schedule[2]).toMatchObject({ principal: 4_518, interest: 1_100 });
    // … or the same instalment over about half the dates.
    expect(byPayment?.schedule).toHaveLength(7);
    expect(byPayment?.schedule.at(-1)?.balance).toBe(0);
    for (const row of byPayment?.schedule.slice(1, -1) ?? []) {
      const was = schedule[row.number - 2];
      expect(row.principal + row.interest).toBe((was?.principal ?? 0) + (was?.interest ?? 0));
    }
  });
});
