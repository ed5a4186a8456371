import { z } from 'zod';
import { formatIsoDate } from './calendar.ts';
import { effectiveAnnualRate, scheduleCashFlows } from './effective-rate.ts';
import { roundPercent, toGel } from './money.ts';
import type { LoanPricing } from './product.ts';
import { buildScheduleTetri, type LoanTerms } from './schedule.ts';

/** A calendar date, `YYYY-MM-DD`. */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One month of the schedule; amounts in GEL with two decimals. */
export const scheduleRow = z.object({
  number: z.number().int(),
  date: isoDate,
  /** principal + interest + fee */
  payment: z.number(),
  principal: z.number(),
  interest: z.number(),
  /** The monthly fee (one-off fees are in `upfront_fee`, not in the rows). */
  fee: z.number(),
  /** What is still owed after this payment; 0 after the last. */
  balance: z.number(),
});
export type ScheduleRow = z.output<typeof scheduleRow>;

/**
 * The offer for an amount and term, as `POST /api/loan-offer` will answer it. Amounts in GEL
 * (two decimals), rates in percent (two decimals).
 * - `monthly_payment`: the regular payment, annuity + monthly fee (the last one may differ
 *   by the rounding it settles: see the schedule).
 * - `total_repayment`: the sum of all payments.
 * - `upfront_fee`: the one-off fees, deducted from the amount paid out.
 * - `total_cost`: everything paid beyond the amount borrowed: total_repayment + upfront_fee
 *   − amount, i.e. all interest and all fees.
 * - `effective_rate`: from the actual cash flows and dates (see `effectiveAnnualRate`).
 */
export const loanOffer = z.object({
  monthly_payment: z.number(),
  total_repayment: z.number(),
  total_cost: z.number(),
  upfront_fee: z.number(),
  nominal_rate: z.number(),
  effective_rate: z.number(),
  schedule: z.array(scheduleRow),
});
export type LoanOffer = z.output<typeof loanOffer>;

/**
 * The offer for `terms` under `pricing`, paid out on `startDate` (`YYYY-MM-DD`, the Georgian
 * calendar day). O(months × solver iterations): cheap enough to run on every keystroke.
 */
export function computeOffer(pricing: LoanPricing, terms: LoanTerms, startDate: string): LoanOffer {
  return offerAndRate(pricing, terms, startDate).offer;
}

/** `computeOffer`'s offer and its effective rate unrounded (percent), for the cap. */
export function offerAndRate(
  pricing: LoanPricing,
  terms: LoanTerms,
  startDate: string,
): { offer: LoanOffer; effectiveRate: number } {
  const schedule = buildScheduleTetri(pricing, terms, startDate);
  const totalRepayment = schedule.rows.reduce((sum, row) => sum + row.payment, 0);
  const effectiveRate = effectiveAnnualRate(scheduleCashFlows(schedule)) * 100;
  const offer: LoanOffer = {
    monthly_payment: toGel(schedule.monthlyPayment),
    total_repayment: toGel(totalRepayment),
    total_cost: toGel(totalRepayment + schedule.upfrontFee - schedule.amount),
    upfront_fee: toGel(schedule.upfrontFee),
    nominal_rate: pricing.nominal_rate,
    effective_rate: roundPercent(effectiveRate),
    schedule: schedule.rows.map((row) => ({
      number: row.number,
      date: formatIsoDate(row.date),
      payment: toGel(row.payment),
      principal: toGel(row.principal),
      interest: toGel(row.interest),
      fee: toGel(row.fee),
      balance: toGel(row.balance),
    })),
  };
  return { offer, effectiveRate };
}
