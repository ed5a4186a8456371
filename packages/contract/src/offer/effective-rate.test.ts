import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveAnnualRate, scheduleCashFlows, type CashFlow } from './effective-rate.ts';
import { computeOffer } from './offer.ts';
import type { LoanPricing } from './product.ts';
import { buildScheduleTetri } from './schedule.ts';
import { startDateArbitrary } from './test-support.ts';

/** The flows' present value at an annual rate given in percent. */
function presentValue(flows: readonly CashFlow[], percent: number): number {
  return flows.reduce(
    (sum, { days, amount }) => sum + amount / (1 + percent / 100) ** (days / 365),
    0,
  );
}

/** The shown (rounded) rate is right when the exact root lies within its half-hundredth. */
function expectRootWithin(flows: readonly CashFlow[], shown: number): void {
  expect(presentValue(flows, shown - 0.005)).toBeLessThan(0);
  expect(presentValue(flows, shown + 0.005)).toBeGreaterThan(0);
}

const noFees = { origination_fee_percent: 0, origination_fee_fixed: 0, monthly_fee: 0 };

describe('effectiveAnnualRate', () => {
  it('reproduces the National Bank of Georgia published example', () => {
    // nbg.gov.ge, "ეფექტური საპროცენტო განაკვეთის მაგალითები", deposit example 2: 1,000 GEL for
    // one year at 10% with interest added monthly gives 1,104.70 GEL, "effective rate 10.5%".
    // The same formula from the other side: 1104.70 / 1000 − 1 = 10.47% over 365 days.
    const rate = effectiveAnnualRate([
      { days: 0, amount: 1000_00 },
      { days: 365, amount: -1104_70 },
    ]);
    expect(rate * 100).toBeCloseTo(10.47, 6);
    expect((rate * 100).toFixed(1)).toBe('10.5');
  });

  it('solves one payment in closed form', () => {
    // 1,000 GEL received, 1,010 paid 31 days later: r = 1.01^(365/31) − 1
    //   ln 1.01 = 0.00995033; × 365/31 = 0.1171568; e^0.1171568 = 1.124295 → 12.43%.
    const rate = effectiveAnnualRate([
      { days: 0, amount: 1000_00 },
      { days: 31, amount: -1010_00 },
    ]);
    expect(rate).toBeCloseTo(1.01 ** (365 / 31) - 1, 12);
    expect(Math.round(rate * 10000) / 100).toBe(12.43);
  });

  it('is exactly 0 when the payments repay only what was received', () => {
    const flows = [
      { days: 0, amount: 1000_00 },
      { days: 28, amount: -333_33 },
      { days: 59, amount: -333_33 },
      { days: 89, amount: -333_34 },
    ];
    expect(effectiveAnnualRate(flows)).toBe(0);
  });

  it('converges for very high rates', () => {
    // 500 received, 1,000 paid after 30 days: 2^(365/30) − 1 = 4,588.7 (458,870%).
    const rate = effectiveAnnualRate([
      { days: 0, amount: 500_00 },
      { days: 30, amount: -1000_00 },
    ]);
    expect(rate / (2 ** (365 / 30) - 1)).toBeCloseTo(1, 10);
    // A 1,000% nominal loan with half the amount taken as a fee, repaid after a month.
    const offer = computeOffer(
      { nominal_rate: 1000, origination_fee_percent: 50, origination_fee_fixed: 0, monthly_fee: 0 },
      { amount: 1000, months: 1 },
      '2027-01-15',
    );
    expect(offer.effective_rate).toBeGreaterThan(1e8);
  });

  it('finds negative rates too (paying back less than received)', () => {
    const rate = effectiveAnnualRate([
      { days: 0, amount: 1000_00 },
      { days: 365, amount: -900_00 },
    ]);
    expect(rate).toBeCloseTo(-0.1, 12);
  });

  it('refuses flows that are not a loan', () => {
    expect(() => effectiveAnnualRate([{ days: 0, amount: 1000 }])).toThrow(RangeError);
    expect(() => effectiveAnnualRate([{ days: 30, amount: -1000 }])).toThrow(RangeError);
    expect(() =>
      effectiveAnnualRate([
        { days: 0, amount: 1000 },
        { days: 30, amount: 1000 },
        { days: 60, amount: -2100 },
      ]),
    ).toThrow(RangeError);
  });
});

describe('the effective rate of an offer', () => {
  it('matches a hand-checked 12-month loan with a 2% fee', () => {
    // 1,000 GEL at 24% over 12 months from 2027-01-15: payments of 94.56 (94.54 last) on the
    // 15th; with a 2% fee the customer receives 980. The shown rate is right when the exact
    // root lies within ±0.005 of it: the present value changes sign there.
    const pricing: LoanPricing = { ...noFees, nominal_rate: 24, origination_fee_percent: 2 };
    const schedule = buildScheduleTetri(pricing, { amount: 1000, months: 12 }, '2027-01-15');
    const offer = computeOffer(pricing, { amount: 1000, months: 12 }, '2027-01-15');
    expect(scheduleCashFlows(schedule)[0]).toEqual({ days: 0, amount: 980_00 });
    expect(offer.effective_rate).toBe(32);
    expectRootWithin(scheduleCashFlows(schedule), offer.effective_rate);
    // Without the fee: close to the textbook (1 + 0.02)^12 − 1 = 26.82%; the actual day counts
    // (a 28-day February early on) make it 26.95%.
    const plain = computeOffer(
      { ...noFees, nominal_rate: 24 },
      { amount: 1000, months: 12 },
      '2027-01-15',
    );
    expect(plain.effective_rate).toBe(26.95);
    expectRootWithin(
      scheduleCashFlows(
        buildScheduleTetri(
          { ...noFees, nominal_rate: 24 },
          { amount: 1000, months: 12 },
          '2027-01-15',
        ),
      ),
      26.95,
    );
  });

  it("is in line with TBC Bank's published example", () => {
    // tbcbank.ge (cash-covered loan): "4 000 units, 12 months, monthly payments, 12% annual
    // interest → effective rate from 12.7%". The start date is not stated: a payout on
    // 2026-12-01 gives exactly 12.70, and any payout day of a year stays within 0.1 of it.
    const pricing = { ...noFees, nominal_rate: 12 };
    expect(computeOffer(pricing, { amount: 4000, months: 12 }, '2026-12-01').effective_rate).toBe(
      12.7,
    );
    fc.assert(
      fc.property(startDateArbitrary, (start) => {
        const { effective_rate } = computeOffer(pricing, { amount: 4000, months: 12 }, start);
        expect(Math.abs(effective_rate - 12.7)).toBeLessThanOrEqual(0.1);
      }),
    );
  });

  const realistic = fc.record({
    nominal_rate: fc.integer({ min: 100, max: 6000 }).map((basisPoints) => basisPoints / 100),
    amount: fc.integer({ min: 100, max: 50_000 }),
    months: fc.integer({ min: 1, max: 60 }),
    start: startDateArbitrary,
  });
  /** At least one fee, each either absent or big enough to matter (a tetri is not a fee). */
  const fees = fc
    .record({
      origination_fee_percent: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 10, max: 1000 }).map((bp) => bp / 100),
      ),
      origination_fee_fixed: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50 })),
      monthly_fee: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 50, max: 1000 }).map((tetri) => tetri / 100),
      ),
    })
    .filter((fee) => fee.origination_fee_percent + fee.origination_fee_fixed + fee.monthly_fee > 0);

  it('is at least the nominal rate when there are fees', () => {
    fc.assert(
      fc.property(realistic, fees, ({ nominal_rate, amount, months, start }, fee) => {
        const offer = computeOffer({ nominal_rate, ...fee }, { amount, months }, start);
        expect(offer.effective_rate).toBeGreaterThanOrEqual(nominal_rate);
      }),
      { numRuns: 300 },
    );
  });

  it('never falls as a fee grows', () => {
    const feeKind = fc.constantFrom(
      'origination_fee_percent',
      'origination_fee_fixed',
      'monthly_fee' as const,
    );
    fc.assert(
      fc.property(
        realistic,
        fees,
        feeKind,
        fc.integer({ min: 1, max: 500 }),
        (terms, fee, kind, hundredths) => {
          const { nominal_rate, amount, months, start } = terms;
          const before = computeOffer(
            { nominal_rate, ...fee },
            { amount, months },
            start,
          ).effective_rate;
          const more = { ...fee, [kind]: fee[kind] + hundredths / 100 };
          if (more.origination_fee_percent >= 99 || more.origination_fee_fixed >= amount * 0.5)
            return;
          const after = computeOffer(
            { nominal_rate, ...more },
            { amount, months },
            start,
          ).effective_rate;
          expect(after).toBeGreaterThanOrEqual(before);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is the root of the flows (checked against an independent present value)', () => {
    fc.assert(
      fc.property(realistic, fees, ({ nominal_rate, amount, months, start }, fee) => {
        const pricing = { nominal_rate, ...fee };
        const schedule = buildScheduleTetri(pricing, { amount, months }, start);
        expectRootWithin(
          scheduleCashFlows(schedule),
          computeOffer(pricing, { amount, months }, start).effective_rate,
        );
      }),
      { numRuns: 200 },
    );
  });
});
