import type { LoanPricing } from './product.ts';
import type { LoanTerms } from './schedule.ts';

/**
 * The standard consumer loan as the seed installs it (the default product until an operator
 * saves another with `npm run product:save`): 24% a year, a 2% one-off fee, no monthly fee,
 * 100–50,000 GEL over 3–48 months. Signed-out pages (the home page) show these; a signed-in
 * customer's forms read the current product from the server.
 */
export const standardLoanProduct = {
  nominal_rate: 24,
  origination_fee_percent: 2,
  origination_fee_fixed: 0,
  monthly_fee: 0,
  min_amount: 100,
  max_amount: 50_000,
  min_months: 3,
  max_months: 48,
} as const satisfies LoanPricing & {
  min_amount: number;
  max_amount: number;
  min_months: number;
  max_months: number;
};

/** The representative example an advertisement states the effective rate for. */
export const representativeLoanTerms: LoanTerms = { amount: 5000, months: 24 };
