import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeOffer } from './offer.ts';
import type { LoanProduct } from './product.ts';
import { effectiveRateCap, exceedsEffectiveRateCap, maxEffectiveRate } from './rate-cap.ts';
import { startDateArbitrary, testProduct } from './test-support.ts';

const product = (change: Partial<LoanProduct> = {}) => testProduct({ nominal_rate: 20, ...change });

describe('maxEffectiveRate', () => {
  it('finds one-off fees at their worst on the smallest amount and the shortest term', () => {
    const worst = maxEffectiveRate(product({ origination_fee_fixed: 5 }));
    expect(worst).toMatchObject({ amount: 100, months: 3 });
    expect(worst.effective_rate).toBeGreaterThan(effectiveRateCap);
  });

  it('finds a monthly fee at its worst inside the term range, not at a limit', () => {
    const worst = maxEffectiveRate(product({ monthly_fee: 1 }));
    expect(worst).toMatchObject({ amount: 100 });
    expect(worst.months).toBeGreaterThan(3);
    expect(worst.months).toBeLessThan(48);
  });

  it('is never beaten by an offer inside the limits', () => {
    const products = fc
      .record({
        nominal_rate: fc.integer({ min: 0, max: 4000 }).map((bp) => bp / 100),
        origination_fee_percent: fc.integer({ min: 0, max: 500 }).map((bp) => bp / 100),
        origination_fee_fixed: fc.integer({ min: 0, max: 20 }),
        monthly_fee: fc.integer({ min: 0, max: 300 }).map((tetri) => tetri / 100),
        min_amount: fc.integer({ min: 100, max: 1000 }),
        min_months: fc.integer({ min: 1, max: 12 }),
        extra_months: fc.integer({ min: 0, max: 36 }),
      })
      .map(({ extra_months, ...change }) =>
        product({
          ...change,
          max_amount: change.min_amount * 20,
          max_months: change.min_months + extra_months,
        }),
      );
    fc.assert(
      fc.property(
        products,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat(),
        startDateArbitrary,
        (loan, share, term, start) => {
          const worst = maxEffectiveRate(loan);
          const amount = Math.round(loan.min_amount + share * (loan.max_amount - loan.min_amount));
          const months = loan.min_months + (term % (loan.max_months - loan.min_months + 1));
          const offer = computeOffer(loan, { amount, months }, start);
          // The probe dates cover the calendar's extremes; another start date may differ by a
          // hundredth or two of day-count noise.
          expect(offer.effective_rate).toBeLessThanOrEqual(worst.effective_rate + 0.05);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('exceedsEffectiveRateCap', () => {
  it('accepts a plain 24% product and refuses fees that push small loans past 50%', () => {
    expect(exceedsEffectiveRateCap(product({ nominal_rate: 24 }))).toBe(false);
    expect(exceedsEffectiveRateCap(product({ nominal_rate: 24, origination_fee_percent: 2 }))).toBe(
      false,
    );
    expect(exceedsEffectiveRateCap(product({ origination_fee_fixed: 5 }))).toBe(true);
    // The same fee on loans from 1,000 GEL and 12 months stays far below.
    expect(
      exceedsEffectiveRateCap(
        product({ origination_fee_fixed: 5, min_amount: 1000, min_months: 12 }),
      ),
    ).toBe(false);
    expect(exceedsEffectiveRateCap(product({ nominal_rate: 45 }))).toBe(true);
  });

  it('decides on the unrounded rate, at the cap it is given', () => {
    const loan = product({ monthly_fee: 1 });
    const { effective_rate } = maxEffectiveRate(loan);
    expect(exceedsEffectiveRateCap(loan, effective_rate - 0.01)).toBe(true);
    expect(exceedsEffectiveRateCap(loan, effective_rate + 0.01)).toBe(false);
  });
});
