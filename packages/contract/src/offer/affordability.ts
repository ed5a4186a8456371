import { z } from 'zod';
import { toGel, toTetri } from './money.ts';
import { offerAndRate } from './offer.ts';
import type { LoanProduct } from './product.ts';
import { exceedsCap } from './rate-cap.ts';
import { monthlyPaymentTetri, type LoanTerms } from './schedule.ts';

/**
 * Payment-to-income limits: the limit of the highest tier whose `min_income` the income
 * reaches. Percent of net monthly income; GEL incomes.
 */
export const ptiLimits = z
  .array(z.object({ min_income: z.number().min(0), max_pti: z.number().min(0).max(100) }))
  .min(1)
  .refine((tiers) => tiers.some((tier) => tier.min_income === 0), { error: 'validation.invalid' });
export type PtiLimits = z.output<typeof ptiLimits>;

/** The National Bank's limits (secondary source): 25% below 1,000 GEL of income, 50% from 1,000 GEL. */
export const defaultPtiLimits: PtiLimits = [
  { min_income: 0, max_pti: 25 },
  { min_income: 1000, max_pti: 50 },
];

export function ptiLimitFor(income: number, limits: PtiLimits = defaultPtiLimits): number {
  let best: PtiLimits[number] | undefined;
  for (const tier of limits) {
    if (income >= tier.min_income && (!best || tier.min_income > best.min_income)) best = tier;
  }
  return best?.max_pti ?? 0;
}

/** The questionnaire's income fields, all monthly GEL; a missing (null) source counts as 0. */
export interface IncomeSources {
  salary?: number | null;
  transfer?: number | null;
  entrepreneur_income?: number | null;
  pension?: number | null;
}

/** Net monthly income, GEL: salary + transfer + entrepreneur income + pension. */
export function netMonthlyIncome(sources: IncomeSources): number {
  const parts = [sources.salary, sources.transfer, sources.entrepreneur_income, sources.pension];
  return toGel(parts.reduce<number>((sum, part) => sum + toTetri(part ?? 0), 0));
}

/** An amount and term that fits, offered instead of the one asked for. */
export const affordabilityAlternative = z.object({
  /** `longer_term`: the asked amount over the shortest term that fits; `smaller_amount`: the largest whole-GEL amount that fits over the asked term. */
  kind: z.enum(['longer_term', 'smaller_amount']),
  amount: z.number(),
  months: z.number().int(),
  monthly_payment: z.number(),
  pti: z.number(),
});
export type AffordabilityAlternative = z.output<typeof affordabilityAlternative>;

/**
 * The affordability answer. `pti` and `limit` in percent (`pti` rounded up to two decimals,
 * so a PTI shown at the limit fits); `pti` is null when
 * there is no income to divide by (then nothing fits). `alternatives` is empty when the
 * request fits, or when nothing within the product's limits does.
 */
export const affordability = z.object({
  pti: z.number().nullable(),
  limit: z.number(),
  fits: z.boolean(),
  alternatives: z.array(affordabilityAlternative),
});
export type Affordability = z.output<typeof affordability>;

export interface AffordabilityInput extends LoanTerms {
  product: LoanProduct;
  /** Net monthly income, GEL (see `netMonthlyIncome`). */
  income: number;
  /**
   * Existing obligations as a monthly payment, GEL. Assumption: the questionnaire's
   * `total_financial_liability` is what the customer already pays a month on other debts
   * (the form asks it next to `monthly_expenses`); if it ever means the outstanding total,
   * the caller converts it to a monthly figure first.
   */
  obligations: number;
  limits?: PtiLimits;
  /** The payout date (`YYYY-MM-DD`) an alternative would be paid out on: it must keep within the cap. */
  payoutDate: string;
}

/**
 * PTI = (new monthly payment + existing obligations) / net monthly income, against the limit
 * for that income; at the limit still fits. When the request does not fit, the nearest
 * alternatives inside the product's limits:
 * - `longer_term`: the asked amount over the shortest term that fits (a longer term lowers
 *   the payment, so it is the first fitting term after the asked one);
 * - `smaller_amount`: the largest whole-GEL amount, not below the product's minimum, that
 *   fits over the asked term (the payment never falls as the amount grows: binary search).
 * Never an alternative above the effective-rate cap, paid out on `payoutDate`: a longer term
 * over the cap is skipped for the next, and when the largest fitting amount is over it no
 * smaller amount is offered. Near the cap the rate of a smaller amount is decided by the
 * rounding to the tetri, not by the amount, so looking further down would mean computing
 * every amount; a product the lender can save is within the cap at every amount and term
 * (`maxEffectiveRate`), so this rule only guards against a product saved around that check.
 */
export function checkAffordability(input: AffordabilityInput): Affordability {
  const { product, income, obligations, months } = input;
  const incomeTetri = toTetri(income);
  const obligationsTetri = toTetri(obligations);
  const limit = ptiLimitFor(income, input.limits);

  const evaluate = (terms: LoanTerms) => {
    const payment = monthlyPaymentTetri(product, terms);
    const burden = payment + obligationsTetri;
    return {
      payment,
      // Integers on the left, so "exactly at the limit" is decided without float noise.
      fits: incomeTetri > 0 && burden * 100 <= limit * incomeTetri,
      // Rounded up to the hundredth, so a shown PTI at or below the limit always fits.
      pti: incomeTetri > 0 ? Math.ceil((burden * 10_000) / incomeTetri) / 100 : null,
    };
  };

  const asked = evaluate(input);
  const result: Affordability = { pti: asked.pti, limit, fits: asked.fits, alternatives: [] };
  if (asked.fits || incomeTetri <= 0) return result;

  const withinCap = (terms: LoanTerms) =>
    !exceedsCap(offerAndRate(product, terms, input.payoutDate).effectiveRate);
  const alternative = (kind: AffordabilityAlternative['kind'], terms: LoanTerms) => {
    const { payment, pti } = evaluate(terms);
    return {
      kind,
      amount: terms.amount,
      months: terms.months,
      monthly_payment: toGel(payment),
      pti: pti ?? 0,
    };
  };

  const amountAllowed = input.amount >= product.min_amount && input.amount <= product.max_amount;
  for (
    let longer = Math.max(months + 1, product.min_months);
    amountAllowed && longer <= product.max_months;
    longer++
  ) {
    const terms = { amount: input.amount, months: longer };
    if (evaluate(terms).fits && withinCap(terms)) {
      result.alternatives.push(alternative('longer_term', terms));
      break;
    }
  }

  // Whole GEL in [ceil(min_amount), min(asked, max_amount)), the largest that fits.
  let low = Math.ceil(product.min_amount);
  let high = Math.min(Math.ceil(input.amount) - 1, Math.floor(product.max_amount));
  if (low <= high && evaluate({ amount: low, months }).fits) {
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (evaluate({ amount: middle, months }).fits) low = middle;
      else high = middle - 1;
    }
    if (withinCap({ amount: low, months })) {
      result.alternatives.push(alternative('smaller_amount', { amount: low, months }));
    }
  }
  return result;
}
