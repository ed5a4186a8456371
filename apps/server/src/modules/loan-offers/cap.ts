import {
  buildScheduleTetri,
  effectiveAnnualRate,
  effectiveRateCap,
  scheduleCashFlows,
  type LoanPricing,
  type LoanTerms,
} from '@sesxi/contract';

/**
 * Whether an offer for `terms` under `pricing`, paid out on `payoutDate`, keeps the effective
 * rate within the legal cap, judged on the unrounded rate (50.004% shows as 50.00% but is
 * over).
 */
export function offerWithinCap(
  pricing: LoanPricing,
  terms: LoanTerms,
  payoutDate: string,
): boolean {
  const schedule = buildScheduleTetri(pricing, terms, payoutDate);
  return effectiveAnnualRate(scheduleCashFlows(schedule)) * 100 <= effectiveRateCap;
}
