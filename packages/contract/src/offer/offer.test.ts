import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeOffer, loanOffer } from './offer.ts';
import { pricingArbitrary, startDateArbitrary, termsArbitrary } from './test-support.ts';

describe('computeOffer', () => {
  it('answers in GEL with two decimals and rates in percent', () => {
    // The 1,000 GEL / 12 months / 24% schedule of schedule.test.ts (payments 94.56, the last
    // 94.54, total 1,134.70) with a 2% + 10 GEL one-off fee and 2 GEL a month: 30 GEL
    // deducted, payments 96.56, total 1,134.70 + 12 × 2 = 1,158.70, and the cost beyond the
    // amount is 134.70 interest + 24 monthly fees + 30 one-off fees = 188.70.
    const offer = computeOffer(
      { nominal_rate: 24, origination_fee_percent: 2, origination_fee_fixed: 10, monthly_fee: 2 },
      { amount: 1000, months: 12 },
      '2027-01-15',
    );
    expect(loanOffer.parse(offer)).toEqual(offer);
    expect(offer).toMatchObject({
      monthly_payment: 96.56,
      total_repayment: 1158.7,
      total_cost: 188.7,
      upfront_fee: 30,
      nominal_rate: 24,
      effective_rate: 40.26,
    });
    expect(offer.schedule[0]).toEqual({
      number: 1,
      date: '2027-02-15',
      payment: 96.56,
      principal: 74.56,
      interest: 20,
      fee: 2,
      balance: 925.44,
    });
    expect(offer.schedule.at(-1)).toMatchObject({ date: '2028-01-15', payment: 96.54, balance: 0 });
  });

  it('costs nothing at 0% without fees', () => {
    const offer = computeOffer(
      { nominal_rate: 0, origination_fee_percent: 0, origination_fee_fixed: 0, monthly_fee: 0 },
      { amount: 1200, months: 12 },
      '2027-01-31',
    );
    expect(offer).toMatchObject({
      monthly_payment: 100,
      total_repayment: 1200,
      total_cost: 0,
      effective_rate: 0,
    });
  });

  it('keeps the totals consistent with the rows', () => {
    fc.assert(
      fc.property(pricingArbitrary, termsArbitrary, startDateArbitrary, (pricing, terms, start) => {
        const fixed = Math.min(pricing.origination_fee_fixed, terms.amount / 2);
        const offer = computeOffer({ ...pricing, origination_fee_fixed: fixed }, terms, start);
        const cents = (gel: number) => Math.round(gel * 100);
        const sum = (pick: (row: (typeof offer.schedule)[number]) => number) =>
          offer.schedule.reduce((total, row) => total + cents(pick(row)), 0);
        expect(sum((row) => row.principal)).toBe(cents(terms.amount));
        expect(sum((row) => row.payment)).toBe(cents(offer.total_repayment));
        expect(cents(offer.total_cost)).toBe(
          sum((row) => row.interest + row.fee) + cents(offer.upfront_fee),
        );
        for (const value of [
          offer.total_cost,
          offer.monthly_payment,
          ...offer.schedule.map((row) => row.interest),
        ]) {
          expect(Math.abs(value * 100 - cents(value))).toBeLessThan(1e-6);
        }
      }),
      { numRuns: 200 },
    );
  });
});
