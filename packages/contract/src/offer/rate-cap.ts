import { daysInMonth, formatIsoDate } from './calendar.ts';
import { effectiveAnnualRate, scheduleCashFlows } from './effective-rate.ts';
import { roundPercent } from './money.ts';
import type { LoanProduct } from './product.ts';
import { buildScheduleTetri } from './schedule.ts';

/** The Civil Code's ceiling on the effective annual rate, percent, counting every fee. */
export const effectiveRateCap = 50;

export interface RateProbe {
  /** Percent, rounded to two decimals. */
  effective_rate: number;
  amount: number;
  months: number;
  start_date: string;
}

/**
 * Start dates that stress the day counts: the first and the last day of every month of a
 * common and a leap year (a payout on Jan 31 pays first on Feb 28, after 28 days).
 */
const probeDates: readonly string[] = [2027, 2028].flatMap((year) =>
  Array.from({ length: 12 }, (_, index) => [
    formatIsoDate({ year, month: index + 1, day: 1 }),
    formatIsoDate({ year, month: index + 1, day: daysInMonth(year, index + 1) }),
  ]).flat(),
);

function rawRate(product: LoanProduct, amount: number, months: number, startDate: string): number {
  return (
    effectiveAnnualRate(
      scheduleCashFlows(buildScheduleTetri(product, { amount, months }, startDate)),
    ) * 100
  );
}

/** Whole-GEL amounts: both limits, the tetri-rounding neighbours of the minimum, a geometric grid between. */
function probeAmounts({ min_amount: min, max_amount: max }: LoanProduct): number[] {
  const amounts = new Set([min, max, Math.min(max, min + 1), Math.min(max, min + 10)]);
  for (let step = 1; step < 8; step++) amounts.add(Math.floor(min * (max / min) ** (step / 8)));
  return [...amounts].filter((amount) => amount >= min && amount <= max);
}

/** Every term when there are at most 120, else 60 spread evenly with both limits. */
function probeMonths({ min_months: min, max_months: max }: LoanProduct): number[] {
  const span = max - min;
  if (span <= 120) return Array.from({ length: span + 1 }, (_, index) => min + index);
  return [
    ...new Set(Array.from({ length: 61 }, (_, index) => min + Math.round((span * index) / 60))),
  ];
}

/**
 * The highest effective rate a product can reach inside its limits, and where.
 *
 * Why these probes suffice:
 * - Amount: for a fixed term the payments grow in proportion to the amount while the fixed
 *   fee and the monthly fee do not (the percent fee is proportional), so the rate never rises
 *   with the amount: the worst is the minimum. Tetri rounding jitters around that, so the
 *   next amounts and a geometric grid up to the maximum are probed as well.
 * - Term: one-off fees weigh most on the shortest term, but a monthly fee does not follow
 *   the term monotonically (1 GEL a month on 100 GEL at 20% gives 47.0% over 3 months,
 *   49.3% over 10, 44.6% over 48), so every term is probed, not just the limits.
 * - Start date: the day counts move the rate by a few hundredths (a payout on Jan 31 is
 *   first repaid after 28 days), so the three worst (amount, term) points of the grid are
 *   re-probed from every date of `probeDates`.
 * Cost: (terms × ~11 amounts + 3 × 48 dates) schedules: a few milliseconds, for saving a
 * product, not for every keystroke.
 */
export function maxEffectiveRate(product: LoanProduct): RateProbe {
  const base = probeDates[0] ?? '2027-01-01';
  const grid: { rate: number; amount: number; months: number }[] = [];
  for (const amount of probeAmounts(product)) {
    for (const months of probeMonths(product)) {
      grid.push({ rate: rawRate(product, amount, months, base), amount, months });
    }
  }
  grid.sort((a, b) => b.rate - a.rate);

  let worst = {
    rate: -Infinity,
    amount: product.min_amount,
    months: product.min_months,
    start_date: base,
  };
  for (const { amount, months } of grid.slice(0, 3)) {
    for (const startDate of probeDates) {
      const rate = rawRate(product, amount, months, startDate);
      if (rate > worst.rate) worst = { rate, amount, months, start_date: startDate };
    }
  }
  return {
    effective_rate: roundPercent(worst.rate),
    amount: worst.amount,
    months: worst.months,
    start_date: worst.start_date,
  };
}

/**
 * Whether the product could be offered above `cap` percent effective anywhere inside its
 * limits: refuse to save (or seed) such a product. Compares the unrounded rate, so a product
 * at 50.004% is refused even though it would show as 50.00%.
 */
export function exceedsEffectiveRateCap(
  product: LoanProduct,
  cap: number = effectiveRateCap,
): boolean {
  const worst = maxEffectiveRate(product);
  return rawRate(product, worst.amount, worst.months, worst.start_date) > cap;
}
