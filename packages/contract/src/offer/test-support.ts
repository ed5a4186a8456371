import fc from 'fast-check';
import { loanProduct, type LoanProduct } from './product.ts';

/** What the offer's tests share; only tests import this file. */

/** A consumer-loan product like the seeded default (24%, no fees, 100–50,000 GEL, 3–48 months). */
export const productInput = {
  id: 1,
  name: 'სამომხმარებლო სესხი',
  version: 1,
  nominal_rate: 24,
  min_amount: 100,
  max_amount: 50_000,
  min_months: 3,
  max_months: 48,
};

export function testProduct(change: Partial<LoanProduct> = {}): LoanProduct {
  return loanProduct.parse({ ...productInput, ...change });
}

/** Pricing and terms across (and beyond) what a product may be, for property tests. */
const pricingFields = {
  nominal_rate: fc.integer({ min: 0, max: 20_000 }).map((basisPoints) => basisPoints / 100),
  origination_fee_percent: fc
    .integer({ min: 0, max: 1000 })
    .map((basisPoints) => basisPoints / 100),
  origination_fee_fixed: fc.integer({ min: 0, max: 5000 }).map((tetri) => tetri / 100),
  monthly_fee: fc.integer({ min: 0, max: 2000 }).map((tetri) => tetri / 100),
};
export const pricingArbitrary = fc.record(pricingFields);

export const termsArbitrary = fc.record({
  amount: fc.integer({ min: 100_00, max: 100_000_00 }).map((tetri) => tetri / 100),
  months: fc.integer({ min: 1, max: 120 }),
});

export const startDateArbitrary = fc
  .date({
    min: new Date('2020-01-01T00:00:00Z'),
    max: new Date('2040-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));
