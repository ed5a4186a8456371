import { describe, expect, it } from 'vitest';
import { computeOffer } from './offer.ts';
import { loanProduct } from './product.ts';
import { effectiveRateCap } from './rate-cap.ts';
import { representativeLoanTerms, standardLoanProduct } from './standard-product.ts';
import { maxEffectiveRate } from './worst-rate.ts';

describe('the standard loan product', () => {
  const product = loanProduct.parse({
    id: 1,
    name: 'სამომხმარებლო სესხი',
    version: 1,
    ...standardLoanProduct,
  });

  it('is a valid product within the legal effective-rate cap everywhere inside its limits', () => {
    expect(maxEffectiveRate(product).exceeds_cap).toBe(false);
  });

  it('has a representative example inside its limits, with its effective rate under the cap', () => {
    const { amount, months } = representativeLoanTerms;
    expect(amount).toBeGreaterThanOrEqual(product.min_amount);
    expect(amount).toBeLessThanOrEqual(product.max_amount);
    expect(months).toBeGreaterThanOrEqual(product.min_months);
    expect(months).toBeLessThanOrEqual(product.max_months);
    const offer = computeOffer(product, representativeLoanTerms, '2027-01-15');
    expect(offer.effective_rate).toBeGreaterThan(product.nominal_rate);
    expect(offer.effective_rate).toBeLessThan(effectiveRateCap);
  });
});
