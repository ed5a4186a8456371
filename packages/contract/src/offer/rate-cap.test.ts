import { describe, expect, it } from 'vitest';
import { computeOffer } from './offer.ts';
import { roundPercent } from './money.ts';
import { EffectiveRateCapError, effectiveRateCap, exceedsCap, offerWithinCap } from './rate-cap.ts';
import { testProduct } from './test-support.ts';
import { maxEffectiveRate } from './worst-rate.ts';

describe('the effective-rate cap', () => {
  it('accepts a plain 24% product and refuses fees that push small loans past 50%', () => {
    const product = (change: Parameters<typeof testProduct>[0]) =>
      maxEffectiveRate(testProduct({ nominal_rate: 20, ...change })).exceeds_cap;
    expect(product({ nominal_rate: 24 })).toBe(false);
    expect(product({ nominal_rate: 24, origination_fee_percent: 2 })).toBe(false);
    expect(product({ origination_fee_fixed: 5 })).toBe(true);
    // The same fee on loans from 1,000 GEL and 12 months stays far below.
    expect(product({ origination_fee_fixed: 5, min_amount: 1000, min_months: 12 })).toBe(false);
    expect(product({ nominal_rate: 45 })).toBe(true);
  });

  it('decides on the unrounded rate: two worst offers both shown as 50.00%, one over, one not', () => {
    // 33.41% and a 1 GEL one-off fee: at worst 50.0024%, over the cap.
    const over = maxEffectiveRate(
      testProduct({
        nominal_rate: 33.41,
        origination_fee_fixed: 1,
        max_amount: 1000,
        max_months: 12,
      }),
    );
    // 20.499% and a 1 GEL monthly fee: at worst 49.9985%, within it.
    const within = maxEffectiveRate(
      testProduct({ nominal_rate: 20.499, monthly_fee: 1, max_amount: 1000, max_months: 12 }),
    );
    expect(roundPercent(over.effective_rate)).toBe(50);
    expect(roundPercent(within.effective_rate)).toBe(50);
    expect(over.effective_rate).toBeGreaterThan(effectiveRateCap);
    expect(within.effective_rate).toBeLessThan(effectiveRateCap);
    expect(over.exceeds_cap).toBe(true);
    expect(within.exceeds_cap).toBe(false);

    // The same offers, one at a time.
    const overProduct = testProduct({ nominal_rate: 33.41, origination_fee_fixed: 1 });
    const withinProduct = testProduct({ nominal_rate: 20.499, monthly_fee: 1 });
    expect(() =>
      offerWithinCap(overProduct, { amount: over.amount, months: over.months }, over.payout_date),
    ).toThrow(EffectiveRateCapError);
    expect(
      offerWithinCap(
        withinProduct,
        { amount: within.amount, months: within.months },
        within.payout_date,
      ).effective_rate,
    ).toBe(50);
  });

  it('compares the unrounded rate', () => {
    expect(exceedsCap(50)).toBe(false);
    expect(exceedsCap(50.000_01)).toBe(true);
    expect(exceedsCap(49.999_99)).toBe(false);
  });
});

describe('offerWithinCap', () => {
  it('returns the offer computeOffer gives when it is within the cap', () => {
    const product = testProduct({ nominal_rate: 24, origination_fee_percent: 2 });
    const terms = { amount: 5000, months: 24 };
    expect(offerWithinCap(product, terms, '2027-01-15')).toEqual(
      computeOffer(product, terms, '2027-01-15'),
    );
  });

  it('throws an EffectiveRateCapError carrying the unrounded rate when it is over', () => {
    const product = testProduct({ nominal_rate: 20.52, monthly_fee: 1, min_amount: 99.99 });
    const error = (() => {
      try {
        offerWithinCap(product, { amount: 100, months: 8 }, '2026-02-05');
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(EffectiveRateCapError);
    const { effectiveRate } = error as EffectiveRateCapError;
    expect(effectiveRate).toBeGreaterThan(50);
    expect(roundPercent(effectiveRate)).toBe(50.02);
  });
});
