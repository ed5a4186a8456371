import fc from 'fast-check';

/**
 * fast-check generators for the offer's property tests: pricing and terms across (and
 * beyond) what a product may be. Only tests import this file.
 */
export const pricingFields = {
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
