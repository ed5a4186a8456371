import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeOffer, offerAndRate } from './offer.ts';
import { payoutCalendars } from './payout-calendars.ts';
import type { LoanProduct } from './product.ts';
import { maxEffectiveRate } from './worst-rate.ts';
import { testProduct } from './test-support.ts';

/** The products the sampled probe let through (issue 11), each with an offer it missed. */
const missedBySampling = [
  {
    product: { nominal_rate: 20.52, monthly_fee: 1, min_amount: 99.99 },
    offer: { amount: 100, months: 8, payout: '2026-02-05', shown: 50.02 },
  },
  {
    product: { nominal_rate: 33.46, origination_fee_fixed: 1, min_amount: 99.5 },
    offer: { amount: 100.01, months: 3, payout: '2026-01-31', shown: 50.02 },
  },
  {
    product: { nominal_rate: 18.26, origination_fee_percent: 2, monthly_fee: 0.5, min_amount: 100 },
    offer: { amount: 100.37, months: 3, payout: '2026-01-31', shown: 50.06 },
  },
] as const;

/** Every amount in tetri, every term, every payout situation: the search's answer by force. */
function bruteForce(product: LoanProduct) {
  let worst = { rate: -Infinity, amount: 0, months: 0, payout_date: '' };
  for (
    let tetri = Math.round(product.min_amount * 100);
    tetri <= Math.round(product.max_amount * 100);
    tetri++
  ) {
    const amount = tetri / 100;
    for (let months = product.min_months; months <= product.max_months; months++) {
      for (const { payout_date } of payoutCalendars()) {
        const rate = offerAndRate(product, { amount, months }, payout_date).effectiveRate;
        if (rate > worst.rate) worst = { rate, amount, months, payout_date };
      }
    }
  }
  return worst;
}

describe('maxEffectiveRate', () => {
  it.each(missedBySampling)(
    'finds the products the sampled probe let through over the cap',
    ({ product, offer }) => {
      const loan = testProduct(product);
      // The offer the issue reported, as computeOffer shows it.
      expect(computeOffer(loan, offer, offer.payout).effective_rate).toBe(offer.shown);
      const worst = maxEffectiveRate(loan);
      expect(worst.exceeds_cap).toBe(true);
      expect(worst.effective_rate).toBeGreaterThanOrEqual(offer.shown - 0.005);
      // The worst offer it names is one the product makes, at the rate it names.
      expect(
        offerAndRate(loan, { amount: worst.amount, months: worst.months }, worst.payout_date)
          .effectiveRate,
      ).toBe(worst.effective_rate);
    },
  );

  it.each([
    { nominal_rate: 20, monthly_fee: 1, min_amount: 100, max_amount: 101.5, max_months: 5 },
    {
      nominal_rate: 33.46,
      origination_fee_fixed: 1,
      min_amount: 99.5,
      max_amount: 100.5,
      min_months: 2,
      max_months: 4,
    },
    {
      nominal_rate: 24,
      origination_fee_percent: 2,
      min_amount: 100,
      max_amount: 101,
      min_months: 1,
      max_months: 4,
    },
    { nominal_rate: 24, min_amount: 100, max_amount: 100.8, min_months: 1, max_months: 3 },
    // Amounts of a few GEL over ten years: the annuity is lowered to keep the loan from being
    // repaid early, outside the rounding bound; those amounts are computed one by one.
    {
      nominal_rate: 30,
      min_amount: 1,
      max_amount: 1.6,
      min_months: 118,
      max_months: 120,
    },
  ])(
    'equals the brute force over every offer of a small product %#',
    (change) => {
      const product = testProduct(change);
      const worst = maxEffectiveRate(product);
      const forced = bruteForce(product);
      expect(worst.effective_rate).toBe(forced.rate);
      expect(worst).toMatchObject({ amount: forced.amount, months: forced.months });
      // The brute force solves every offer: seconds on a busy machine.
    },
    60_000,
  );

  it('is never beaten by an offer inside the limits, on any payout day', () => {
    const products = fc
      .record({
        nominal_rate: fc.integer({ min: 0, max: 4000 }).map((bp) => bp / 100),
        origination_fee_percent: fc.integer({ min: 0, max: 500 }).map((bp) => bp / 100),
        origination_fee_fixed: fc.integer({ min: 0, max: 500 }).map((tetri) => tetri / 100),
        monthly_fee: fc.integer({ min: 0, max: 300 }).map((tetri) => tetri / 100),
        min_amount: fc.integer({ min: 10_000, max: 100_000 }).map((tetri) => tetri / 100),
        min_months: fc.integer({ min: 1, max: 12 }),
        extra_months: fc.integer({ min: 0, max: 24 }),
      })
      .map(({ extra_months, ...change }) =>
        testProduct({
          ...change,
          max_amount: change.min_amount * 20,
          max_months: change.min_months + extra_months,
        }),
      );
    fc.assert(
      fc.property(
        products,
        fc.array(
          fc.record({
            share: fc.double({ min: 0, max: 1, noNaN: true }),
            term: fc.nat(),
            day: fc.integer({ min: 0, max: 23_000 }),
          }),
          { minLength: 20, maxLength: 20 },
        ),
        (product, offers) => {
          const worst = maxEffectiveRate(product);
          for (const { share, term, day } of offers) {
            // Amounts near the minimum most of the time: that is where the worst offers are.
            const span = product.max_amount * 100 - product.min_amount * 100;
            const tetri = product.min_amount * 100 + Math.floor(share ** 4 * span);
            const months =
              product.min_months + (term % (product.max_months - product.min_months + 1));
            const payout = new Date(Date.UTC(2025, 0, 1) + day * 86_400_000)
              .toISOString()
              .slice(0, 10);
            const { effectiveRate } = offerAndRate(
              product,
              { amount: tetri / 100, months },
              payout,
            );
            expect(effectiveRate).toBeLessThanOrEqual(worst.effective_rate);
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('answers exactly 0% with no fees at once, and a plain 24% product far below the cap', () => {
    expect(maxEffectiveRate(testProduct({ nominal_rate: 0, max_months: 120 }))).toMatchObject({
      effective_rate: 0,
      exceeds_cap: false,
    });
    const plain = maxEffectiveRate(testProduct({ nominal_rate: 24 }));
    expect(plain.exceeds_cap).toBe(false);
    expect(plain.effective_rate).toBeGreaterThan(26.8);
    expect(plain.effective_rate).toBeLessThan(30);
  });

  it('finds a monthly fee at its worst inside the term range, not at a limit', () => {
    const worst = maxEffectiveRate(testProduct({ nominal_rate: 20, monthly_fee: 1 }));
    expect(worst.amount).toBe(100);
    expect(worst.months).toBeGreaterThan(3);
    expect(worst.months).toBeLessThan(48);
  });
});
