import {
  EffectiveRateCapError,
  monthlyPaymentTetri,
  offerWithinCap,
  roundPercent,
  toGel,
  type LoanPricing,
  type LoanTerms,
} from '@sesxi/contract';

/** What `/main` shows of an offer. */
export interface OfferFigures {
  monthly_payment: number;
  effective_rate: number;
}

/** Enough for every customer's open draft on a busy day; the oldest are forgotten first. */
const remembered = 2_000;
const figures = new Map<string, OfferFigures>();

/**
 * The monthly payment and effective rate of `terms` under `pricing`, paid out on `payoutDate`.
 * Pure and asked for on every `/main` visit with the same inputs all day, so the answers are
 * kept (a product version's pricing never changes). Computed like every offer, through the
 * cap: a draft above it (a product saved before the exact check) still shows its true figures,
 * the rate above 50% as it is, since the quote and the submission refuse it.
 */
export function offerFigures(
  pricing: LoanPricing,
  terms: LoanTerms,
  payoutDate: string,
): OfferFigures {
  const key = [
    pricing.nominal_rate,
    pricing.origination_fee_percent,
    pricing.origination_fee_fixed,
    pricing.monthly_fee,
    terms.amount,
    terms.months,
    payoutDate,
  ].join('|');
  const known = figures.get(key);
  if (known) return known;
  let computed: OfferFigures;
  try {
    const offer = offerWithinCap(pricing, terms, payoutDate);
    computed = { monthly_payment: offer.monthly_payment, effective_rate: offer.effective_rate };
  } catch (error) {
    if (!(error instanceof EffectiveRateCapError)) throw error;
    computed = {
      monthly_payment: toGel(monthlyPaymentTetri(pricing, terms)),
      effective_rate: roundPercent(error.effectiveRate),
    };
  }
  figures.set(key, computed);
  if (figures.size > remembered) figures.delete(figures.keys().next().value ?? key);
  return computed;
}
