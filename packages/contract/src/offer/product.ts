import { z } from 'zod';
import { toTetri } from './money.ts';

/** The part of a product the arithmetic needs (the rest names it and sets its limits). */
export interface LoanPricing {
  /** Annual nominal interest, percent. */
  nominal_rate: number;
  /** One-off, percent of the amount. */
  origination_fee_percent: number;
  /** One-off, GEL. */
  origination_fee_fixed: number;
  /** Added to every monthly payment, GEL. */
  monthly_fee: number;
}

/** GEL with at most two decimals, zero or more. */
const gel = z
  .number()
  .min(0, { error: 'validation.amount' })
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    error: 'validation.amountDecimals',
  });

/**
 * A loan product: the pricing and limits an offer is computed from. Stored as configuration
 * (changeable without code); `version` names the exact pricing an offer snapshot used.
 *
 * - `nominal_rate`: annual nominal interest, percent (24 means 24% a year, 2% a month).
 * - `origination_fee_percent` (of the amount) and `origination_fee_fixed` (GEL): one-off,
 *   deducted from what the customer receives; either, both or neither (0).
 * - `monthly_fee` (GEL): added to every monthly payment; 0 when there is none.
 * - Terms up to 120 months: a fixed payment rounded to the tetri leaves a rounding difference
 *   that compounds with the interest and is settled in the last payment; within ten years at
 *   rates the 50% cap allows it stays within a few GEL.
 *
 * Whether the effective rate stays within the legal 50% is not a shape rule: check it with
 * `maxEffectiveRate` (its `exceeds_cap`) before saving.
 */
export const loanProduct = z
  .object({
    id: z.number().int(),
    name: z.string().trim().min(1, { error: 'validation.required' }),
    version: z.number().int().positive(),
    nominal_rate: z
      .number()
      .min(0, { error: 'validation.tooSmall' })
      .max(1000, { error: 'validation.tooBig' }),
    origination_fee_percent: z
      .number()
      .min(0, { error: 'validation.tooSmall' })
      .max(99, { error: 'validation.tooBig' })
      .default(0),
    origination_fee_fixed: gel.default(0),
    monthly_fee: gel.default(0),
    min_amount: gel.refine((value) => value > 0, { error: 'validation.tooSmall' }),
    max_amount: gel,
    min_months: z
      .number()
      .int({ error: 'validation.integer' })
      .min(1, { error: 'validation.tooSmall' }),
    max_months: z
      .number()
      .int({ error: 'validation.integer' })
      .max(120, { error: 'validation.tooBig' }),
  })
  .refine((product) => product.max_amount >= product.min_amount, {
    path: ['max_amount'],
    error: 'validation.tooSmall',
  })
  .refine((product) => product.max_months >= product.min_months, {
    path: ['max_months'],
    error: 'validation.tooSmall',
  })
  .refine((product) => upfrontFeeTetri(product, product.min_amount) < toTetri(product.min_amount), {
    path: ['origination_fee_fixed'],
    error: 'validation.tooBig',
  });
export type LoanProduct = z.output<typeof loanProduct>;
export type LoanProductInput = z.input<typeof loanProduct>;

/** One-off fees on `amount` GEL, in tetri: the percent part rounded to the tetri, plus the fixed part. */
export function upfrontFeeTetri(pricing: LoanPricing, amount: number): number {
  return (
    Math.round((toTetri(amount) * pricing.origination_fee_percent) / 100) +
    toTetri(pricing.origination_fee_fixed)
  );
}
