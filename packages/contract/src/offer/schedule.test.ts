import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysBetween, formatIsoDate, parseIsoDate } from './calendar.ts';
import { effectiveAnnualRate, scheduleCashFlows } from './effective-rate.ts';
import { roundPercent } from './money.ts';
import type { LoanPricing } from './product.ts';
import { EffectiveRateCapError, offerWithinCap } from './rate-cap.ts';
import {
  buildScheduleTetri,
  firstPaymentDate,
  minFirstPeriodDays,
  monthlyPaymentTetri,
} from './schedule.ts';
import { pricingArbitrary, startDateArbitrary, termsArbitrary } from './test-support.ts';

const noFees = { origination_fee_percent: 0, origination_fee_fixed: 0, monthly_fee: 0 };
const at24: LoanPricing = { nominal_rate: 24, ...noFees };

describe('buildScheduleTetri', () => {
  it('matches the hand-computed 1,000 GEL over 12 months at 24%', () => {
    // i = 0.24 / 12 = 0.02; 1.02^12 = 1.268241795; 1 − 1/1.268241795 = 0.211506802;
    // annuity = 1000 × 0.02 / 0.211506802 = 94.5596 → 94.56 GEL.
    // Month 1: interest 1000 × 0.02 = 20.00, principal 74.56, balance 925.44.
    // Month 2: interest 925.44 × 0.02 = 18.5088 → 18.51, principal 76.05, balance 849.39.
    // Month 12 repays the remaining 92.69 with 92.69 × 0.02 = 1.8538 → 1.85 interest: 94.54.
    // Total: 11 × 94.56 + 94.54 = 1,134.70.
    const schedule = buildScheduleTetri(at24, { amount: 1000, months: 12 }, '2027-01-15');
    expect(schedule.monthlyPayment).toBe(9456);
    expect(schedule.rows[0]).toMatchObject({
      payment: 9456,
      principal: 7456,
      interest: 2000,
      fee: 0,
      balance: 92544,
    });
    expect(schedule.rows[1]).toMatchObject({
      payment: 9456,
      principal: 7605,
      interest: 1851,
      balance: 84939,
    });
    expect(schedule.rows[11]).toMatchObject({
      payment: 9454,
      principal: 9269,
      interest: 185,
      balance: 0,
    });
    expect(schedule.rows.reduce((sum, row) => sum + row.payment, 0)).toBe(113470);
    expect(schedule.rows.map((row) => formatIsoDate(row.date))).toEqual([
      '2027-02-15', '2027-03-15', '2027-04-15', '2027-05-15', '2027-06-15', '2027-07-15',
      '2027-08-15', '2027-09-15', '2027-10-15', '2027-11-15', '2027-12-15', '2028-01-15',
    ]); // prettier-ignore
  });

  it('splits a 0% loan evenly and puts the odd tetri in the last payment', () => {
    const schedule = buildScheduleTetri(
      { nominal_rate: 0, ...noFees },
      { amount: 1000, months: 3 },
      '2027-01-31',
    );
    expect(
      schedule.rows.map((row) => [formatIsoDate(row.date), row.payment, row.interest, row.balance]),
    ).toEqual([
      ['2027-02-28', 33333, 0, 66667],
      ['2027-03-31', 33333, 0, 33334],
      ['2027-04-30', 33334, 0, 0],
    ]);
  });

  it('adds the monthly fee to every payment and keeps one-off fees out of the rows', () => {
    const pricing = {
      nominal_rate: 24,
      origination_fee_percent: 1.5,
      origination_fee_fixed: 10,
      monthly_fee: 2.5,
    };
    const schedule = buildScheduleTetri(pricing, { amount: 1000, months: 12 }, '2027-01-15');
    expect(schedule.upfrontFee).toBe(1500 + 1000);
    expect(schedule.monthlyPayment).toBe(9456 + 250);
    expect(
      schedule.rows.every(
        (row) => row.fee === 250 && row.payment === row.principal + row.interest + 250,
      ),
    ).toBe(true);
    expect(schedule.rows[0]?.interest).toBe(2000);
  });

  it('refuses what no schedule can be built for', () => {
    expect(() => buildScheduleTetri(at24, { amount: 0, months: 12 }, '2027-01-15')).toThrow(
      RangeError,
    );
    expect(() => buildScheduleTetri(at24, { amount: 1000, months: 0 }, '2027-01-15')).toThrow(
      RangeError,
    );
    expect(() => buildScheduleTetri(at24, { amount: 1000, months: 1.5 }, '2027-01-15')).toThrow(
      RangeError,
    );
    expect(() => buildScheduleTetri(at24, { amount: 1000, months: 12 }, '2027-02-30')).toThrow(
      RangeError,
    );
    const allFees = { ...at24, origination_fee_fixed: 1000 };
    expect(() => buildScheduleTetri(allFees, { amount: 1000, months: 12 }, '2027-01-15')).toThrow(
      RangeError,
    );
  });
});

describe('schedule properties', () => {
  it('the principal sums to the amount, the balance ends at 0 and never goes up', () => {
    fc.assert(
      fc.property(pricingArbitrary, termsArbitrary, startDateArbitrary, (pricing, terms, start) => {
        const { rows, amount } = buildScheduleTetri(
          { ...pricing, origination_fee_fixed: 0 },
          terms,
          start,
        );
        expect(rows).toHaveLength(terms.months);
        expect(rows.reduce((sum, row) => sum + row.principal, 0)).toBe(amount);
        expect(rows.at(-1)?.balance).toBe(0);
        let before = amount;
        for (const row of rows) {
          expect(Number.isInteger(row.payment) && Number.isInteger(row.interest)).toBe(true);
          expect(row.principal).toBeGreaterThanOrEqual(0);
          expect(row.balance).toBe(before - row.principal);
          expect(row.payment).toBe(row.principal + row.interest + row.fee);
          before = row.balance;
        }
      }),
    );
  });

  it('every payment but the last is the regular one, and the last differs only by rounding', () => {
    fc.assert(
      fc.property(pricingArbitrary, termsArbitrary, (pricing, terms) => {
        const { rows, monthlyPayment } = buildScheduleTetri(
          { ...pricing, origination_fee_fixed: 0 },
          terms,
          '2027-01-31',
        );
        for (const row of rows.slice(0, -1)) expect(row.payment).toBe(monthlyPayment);
        expect(rows.at(-1)?.principal).toBeGreaterThan(0);
        // The annuity's rounding and each month's interest rounding (≤ ½ tetri each) pile
        // up in the balance, compounded by the interest: s(n) = ((1 + i)^n − 1) / i tetri
        // at most (n at 0%), 1.17 GEL at 40% over 48 months; lowering the annuity so that
        // the loan does not end early adds at most one more s(n).
        const rate = pricing.nominal_rate / 1200;
        const pileUp = rate === 0 ? terms.months : ((1 + rate) ** terms.months - 1) / rate;
        expect(Math.abs((rows.at(-1)?.payment ?? 0) - monthlyPayment)).toBeLessThanOrEqual(
          2 * pileUp + 2,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the last payment within a few GEL on what a product may be', () => {
    // 100 GEL over 120 months at 40% (48% effective, within the cap): s(120) ≈ 1,500 tetri.
    const { rows, monthlyPayment } = buildScheduleTetri(
      { nominal_rate: 40, ...noFees },
      { amount: 100, months: 120 },
      '2027-01-31',
    );
    expect(rows.slice(0, -1).every((row) => row.payment === monthlyPayment)).toBe(true);
    expect(Math.abs((rows.at(-1)?.payment ?? 0) - monthlyPayment)).toBeLessThan(15_00);
  });

  it('payments fall on the start day of the month, clamped to the month end', () => {
    fc.assert(
      fc.property(startDateArbitrary, fc.integer({ min: 1, max: 60 }), (start, months) => {
        const { rows } = buildScheduleTetri(at24, { amount: 1000, months }, start);
        const startDay = Number(start.slice(8));
        for (const { date } of rows) {
          const monthEnd = new Date(Date.UTC(date.year, date.month, 0)).getUTCDate();
          expect(date.day).toBe(Math.min(startDay, monthEnd));
        }
      }),
    );
  });

  it('the regular payment never falls as the amount grows, nor rises as the term grows', () => {
    fc.assert(
      fc.property(pricingArbitrary, termsArbitrary, (pricing, { amount, months }) => {
        const payment = monthlyPaymentTetri(pricing, { amount, months });
        expect(
          monthlyPaymentTetri(pricing, { amount: amount + 0.01, months }),
        ).toBeGreaterThanOrEqual(payment);
        expect(monthlyPaymentTetri(pricing, { amount, months: months + 1 })).toBeLessThanOrEqual(
          payment,
        );
      }),
    );
  });
});

describe('a chosen payment day', () => {
  const first = (payout: string, day: number) =>
    formatIsoDate(firstPaymentDate(parseIsoDate(payout), day));

  it('is first paid on that day at least 15 days after the payout', () => {
    expect(first('2026-11-27', 28)).toBe('2026-12-28');
    expect(first('2026-11-27', 12)).toBe('2026-12-12'); // 15 days
    expect(first('2026-11-27', 11)).toBe('2027-01-11'); // 14 days would be too soon
    expect(first('2026-11-27', 5)).toBe('2027-01-05');
    expect(first('2026-12-20', 1)).toBe('2027-02-01'); // 12 days to 1 January
    expect(() => first('2026-11-27', 29)).toThrow(RangeError);
    expect(() => first('2026-11-27', 0)).toThrow(RangeError);
  });

  it('charges the first period by its 30E/360 days, and leaves principal and later rows alone', () => {
    const regular = buildScheduleTetri(at24, { amount: 1000, months: 12 }, '2026-11-27');
    // Payout 27 November, first payment 5 January: 38 days, 8 more than a month.
    const moved = buildScheduleTetri(
      at24,
      { amount: 1000, months: 12, paymentDay: 5 },
      '2026-11-27',
    );
    expect(formatIsoDate(moved.rows[0]?.date ?? regular.start)).toBe('2027-01-05');
    expect(moved.rows.map((row) => formatIsoDate(row.date).slice(8))).toEqual(Array(12).fill('05'));
    expect(moved.rows[0]?.interest).toBe(2000 + Math.round((1000_00 * 0.02 * 8) / 30));
    expect(moved.rows.map((row) => row.principal)).toEqual(
      regular.rows.map((row) => row.principal),
    );
    expect(moved.rows.slice(1)).toEqual(
      regular.rows.slice(1).map((row, index) => ({
        ...row,
        date: moved.rows[index + 1]?.date,
      })),
    );
    // Payout 27 November, first payment 12 December: 15 days, half a month's interest.
    const short = buildScheduleTetri(
      at24,
      { amount: 1000, months: 12, paymentDay: 12 },
      '2026-11-27',
    );
    expect(short.rows[0]?.interest).toBe(1000);
  });

  it('keeps the schedule whole and the effective rate near the regular one, on any day', () => {
    fc.assert(
      fc.property(
        pricingArbitrary,
        termsArbitrary,
        startDateArbitrary,
        fc.integer({ min: 1, max: 28 }),
        (pricing, terms, start, paymentDay) => {
          const fair = { ...pricing, nominal_rate: Math.min(pricing.nominal_rate, 100) };
          const schedule = buildScheduleTetri(fair, { ...terms, paymentDay }, start);
          const days = daysBetween(schedule.start, schedule.rows[0]?.date ?? schedule.start);
          expect(days).toBeGreaterThanOrEqual(minFirstPeriodDays);
          expect(days).toBeLessThan(minFirstPeriodDays + 31);
          expect(schedule.rows.reduce((sum, row) => sum + row.principal, 0)).toBe(schedule.amount);
          expect(schedule.rows.at(-1)?.balance).toBe(0);
          for (const row of schedule.rows) {
            expect(row.date.day).toBe(paymentDay);
            expect(row.payment).toBe(row.principal + row.interest + row.fee);
            expect(row.payment).toBeGreaterThan(0);
          }
          // Interest runs by the days either way: without fees (which do not), the rate moves
          // only by a tetri's rounding, compounding over a shorter first period and the 30E/360
          // count against the calendar's (across February 17 days for 15), which a one-month
          // loan feels whole; never by more than 15% of itself and half a point.
          const interestOnly = { ...noFees, nominal_rate: fair.nominal_rate };
          const rate = (paymentDay?: number) =>
            effectiveAnnualRate(
              scheduleCashFlows(buildScheduleTetri(interestOnly, { ...terms, paymentDay }, start)),
            );
          expect(Math.abs(rate(paymentDay) - rate())).toBeLessThanOrEqual(0.15 * rate() + 0.005);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the cap on a chosen payment day', () => {
  it('refuses a day whose short first period would carry a fixed fee over 50%', () => {
    // 24% a year and 0.80 GEL a month on 100 GEL over 3 months: 45.49% with month-long
    // periods, 52.24% when the first is 15 days and still charges the whole month's fee.
    const pricing: LoanPricing = { ...noFees, nominal_rate: 24, monthly_fee: 0.8 };
    const terms = { amount: 100, months: 3 };
    const regular = effectiveAnnualRate(
      scheduleCashFlows(buildScheduleTetri(pricing, terms, '2026-11-27')),
    );
    const short = effectiveAnnualRate(
      scheduleCashFlows(buildScheduleTetri(pricing, { ...terms, paymentDay: 12 }, '2026-11-27')),
    );
    expect(short).toBeGreaterThan(regular);
    expect(() => offerWithinCap(pricing, { ...terms, paymentDay: 12 }, '2026-11-27')).toThrow(
      EffectiveRateCapError,
    );
    expect(offerWithinCap(pricing, { ...terms, paymentDay: 27 }, '2026-11-27').effective_rate).toBe(
      roundPercent(regular * 100),
    );
  });
});
