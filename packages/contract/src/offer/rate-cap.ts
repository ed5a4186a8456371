import { offerAndRate, type LoanOffer } from './offer.ts';
import type { LoanPricing } from './product.ts';
import type { LoanTerms } from './schedule.ts';

/** The Civil Code's ceiling on the effective annual rate, percent, counting every fee. */
export const effectiveRateCap = 50;

/**
 * Whether an effective rate (percent, unrounded) is above the cap: the one comparison every
 * check makes. Unrounded on purpose: 50.004% shows as 50.00% but is over.
 */
export function exceedsCap(effectiveRate: number): boolean {
  return effectiveRate > effectiveRateCap;
}

/** An offer above the cap: `effectiveRate` is its unrounded rate, percent. */
export class EffectiveRateCapError extends Error {
  readonly effectiveRate: number;

  constructor(effectiveRate: number) {
    super(`The effective rate ${effectiveRate}% is above the ${effectiveRateCap}% cap`);
    this.name = 'EffectiveRateCapError';
    this.effectiveRate = effectiveRate;
  }
}

/**
 * The offer `computeOffer` gives for `terms` under `pricing`, paid out on `payoutDate`
 * (`YYYY-MM-DD`), when its unrounded effective rate is within the cap; otherwise throws
 * `EffectiveRateCapError`. Every offer the server quotes, records or approves goes through it.
 */
export function offerWithinCap(
  pricing: LoanPricing,
  terms: LoanTerms,
  payoutDate: string,
): LoanOffer {
  const { offer, effectiveRate } = offerAndRate(pricing, terms, payoutDate);
  if (exceedsCap(effectiveRate)) throw new EffectiveRateCapError(effectiveRate);
  return offer;
}
