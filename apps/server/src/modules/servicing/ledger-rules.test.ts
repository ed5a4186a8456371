import { describe, expect, it } from 'vitest';
import { daysPastDue, openTotals, type AccountTotals, type Instalment } from './account.ts';
import { allocatePayment, allocateWithdrawalPayment } from './allocation.ts';
import { dailyInterest } from './interest.ts';
import { dailyPenalty, lateCostsCapLeft, penaltyPpmOf } from './late-costs.ts';
import { earlyRepaymentFeeBp } from './payoff.ts';

/** Three instalments of 100 GEL principal and 10 GEL interest, due on the 10th. */
const schedule: Instalment[] = [
  { number: 1, dueDate: '2026-12-10', principal: 10_000, interest: 1_000 },
  { number: 2, dueDate: '2027-01-10', principal: 10_000, interest: 1_000 },
  { number: 3, dueDate: '2027-02-10', principal: 10_000, interest: 1_000 },
];

/**
 * On 10 January: the first instalment overdue (its principal, 10 GEL interest, 3 GEL penalty),
 * the second due today (its interest due), 2 GEL accrued in the third's period.
 */
const late: AccountTotals = {
  ...openTotals(30_000),
  interestOverdue: 1_000,
  interestDue: 1_000,
  interestAccrued: 200,
  penaltyDue: 300,
  lateCosts: 300,
};

const pay = (amount: number, purpose: 'instalment' | 'prepayment' = 'instalment') =>
  allocatePayment(amount, {
    schedule,
    totals: late,
    today: '2027-01-10',
    paidOutOn: '2026-11-10',
    purpose,
    feeBp: 100,
  });

describe('a payment’s allocation', () => {
  it.each([
    [200, { penalty: 200, interest: 0, principal: 0 }],
    [1_000, { penalty: 300, interest: 700, principal: 0 }],
    // Penalty, overdue interest, then the overdue principal before the interest due.
    [5_000, { penalty: 300, interest: 1_000, principal: 3_700 }],
    [12_000, { penalty: 300, interest: 1_700, principal: 10_000 }],
    // Then the interest due and the principal due, then the interest accrued.
    [22_500, { penalty: 300, interest: 2_200, principal: 20_000 }],
  ])('of %i tetri goes %j', (amount, expected) => {
    expect(pay(amount).allocation).toEqual({ ...expected, fee: 0, credit: 0 });
  });

  it('covers the next instalment’s principal with what is left, and credits what is left after all', () => {
    const { allocation, totals } = pay(40_000);
    expect(allocation).toEqual({
      penalty: 300,
      interest: 2_200,
      principal: 30_000,
      fee: 0,
      credit: 7_500,
    });
    expect(totals).toMatchObject({ principalPaid: 30_000, principalPrepaid: 0, credit: 7_500 });
  });

  it('prepays the principal from the last instalment, with the fee on it', () => {
    // After 22,500 tetri of dues, 5,050 prepays 5,000 and 1% of it.
    const { allocation, totals } = pay(27_550, 'prepayment');
    expect(allocation).toEqual({
      penalty: 300,
      interest: 2_200,
      principal: 25_000,
      fee: 50,
      credit: 0,
    });
    expect(totals).toMatchObject({ principalPaid: 20_000, principalPrepaid: 5_000 });
  });

  it('on a loan being withdrawn from: the interest of the days used, then the principal', () => {
    expect(allocateWithdrawalPayment(5_000, { interestLeft: 700, principalLeft: 3_000 })).toEqual({
      penalty: 0,
      interest: 700,
      principal: 3_000,
      fee: 0,
      credit: 1_300,
    });
  });

  it('refuses an amount that is not a positive number of tetri', () => {
    expect(() => pay(0)).toThrow(RangeError);
    expect(() => pay(10.5)).toThrow(RangeError);
  });
});

describe('days past due', () => {
  it('count from the day after the due date', () => {
    const totals = openTotals(30_000);
    expect(daysPastDue(schedule, totals, '2026-12-10')).toBe(0);
    expect(daysPastDue(schedule, totals, '2026-12-11')).toBe(1);
    expect(daysPastDue(schedule, totals, '2027-01-11')).toBe(32);
    expect(daysPastDue(schedule, { ...totals, principalPaid: 10_000 }, '2027-01-11')).toBe(1);
    expect(daysPastDue(schedule, { ...totals, principalPaid: 10_000 }, '2027-01-10')).toBe(0);
  });
});

describe('late costs', () => {
  it('are 0.27% of the principal outstanding a day at most, whatever the setting', () => {
    expect(dailyPenalty(100_000, 0, penaltyPpmOf(0.27))).toBe(270);
    expect(dailyPenalty(100_000, 0, penaltyPpmOf(0.1))).toBe(100);
    expect(dailyPenalty(100_000, 0, 5_000)).toBe(270);
  });

  it('stop at 1.5 times the principal outstanding', () => {
    expect(lateCostsCapLeft(100_000, 149_900)).toBe(100);
    expect(dailyPenalty(100_000, 149_900, penaltyPpmOf(0.27))).toBe(100);
    expect(dailyPenalty(100_000, 150_000, penaltyPpmOf(0.27))).toBe(0);
    // Principal repaid since: what was charged stays, nothing more is.
    expect(dailyPenalty(50_000, 150_000, penaltyPpmOf(0.27))).toBe(0);
  });
});

describe('daily interest', () => {
  it('adds up to the period’s scheduled interest on the scheduled balance', () => {
    const period = { interest: 1_001, openingBalance: 30_000, days: 31 };
    const days = Array.from({ length: 31 }, (_, index) => dailyInterest(period, 30_000, index + 1));
    expect(days.reduce((sum, day) => sum + day, 0)).toBe(1_001);
    expect(Math.max(...days) - Math.min(...days)).toBeLessThanOrEqual(1);
  });

  it('falls with the principal outstanding', () => {
    const period = { interest: 1_000, openingBalance: 30_000, days: 30 };
    expect(dailyInterest(period, 15_000, 30)).toBeLessThan(dailyInterest(period, 30_000, 30));
  });
});

describe('the early-repayment fee', () => {
  const monthly = (count: number): Instalment[] =>
    Array.from({ length: count }, (_, index) => ({
      number: index + 1,
      dueDate: `${2027 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-10`,
      principal: 100,
      interest: 0,
    }));

  it.each([
    // The last instalment 2029-01-10: more than 24 months after 2026-12-10.
    [25, '2026-12-10', 200],
    // 2028-12-10: exactly 24 months, so "more than 12".
    [24, '2026-12-10', 100],
    [13, '2026-12-10', 100],
    // 2027-12-10: exactly 12 months, so "more than 6".
    [12, '2026-12-10', 50],
    [7, '2026-12-10', 50],
    [6, '2026-12-10', 0],
  ])('on %i instalments left from %s is %i hundredths of a percent', (count, day, bp) => {
    const rows = monthly(count);
    expect(earlyRepaymentFeeBp(day, { schedule: rows }, openTotals(100 * count))).toBe(bp);
  });

  it('counts the term the prepayments left', () => {
    const rows = monthly(25);
    const totals = { ...openTotals(2_500), principalPrepaid: 1_300 };
    expect(earlyRepaymentFeeBp('2026-12-10', { schedule: rows }, totals)).toBe(50);
  });
});
