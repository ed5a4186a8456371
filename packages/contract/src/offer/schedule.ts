import { addMonths, daysBetween, days30E360, parseIsoDate, type CalendarDate } from './calendar.ts';
import { toTetri } from './money.ts';
import { upfrontFeeTetri, type LoanPricing } from './product.ts';

/**
 * Conventions of the annuity schedule:
 * - Amounts are integer tetri; every rounding is to the nearest tetri (`Math.round`).
 * - Interest for a month is balance × nominal / 12, whatever the month's length
 *   (a 30/360-style monthly rate, as Georgian lenders quote "2% a month" for 24% a year).
 *   The actual day counts enter only the effective rate.
 * - The annuity is P·i / (1 − (1 + i)^−n) with i = nominal / 12 (P / n at 0%), rounded to
 *   the tetri (lowered where rounding up would repay the loan early: see `annuityTetri`).
 *   Each month's principal is annuity − interest; the last month repays the
 *   remaining balance whole, so it settles every rounding difference: the principal column
 *   sums exactly to the amount and the balance ends at exactly 0.
 * - The payment shown is annuity + the product's monthly fee; one-off fees are deducted from
 *   the amount paid out and appear in no row.
 * - Payment k falls on the start date's day of the month, k months later, clamped to the
 *   month's end (Jan 31 → Feb 28/29 → Mar 31).
 * - With a chosen payment day (a contract's, 1–28), payments fall on that day of each month
 *   from the first such day at least 15 days after the payout (`firstPaymentDate`). The
 *   first period is then 15 to 45 days long: its interest is the regular month's scaled by
 *   its 30E/360 days over 30 (more for a longer period, less for a shorter one); principal
 *   and every later row stay those of the regular schedule.
 */

export interface ScheduleRowTetri {
  /** 1 … months */
  number: number;
  date: CalendarDate;
  /** principal + interest + fee */
  payment: number;
  principal: number;
  interest: number;
  fee: number;
  /** What is still owed after this payment. */
  balance: number;
}

export interface ScheduleTetri {
  amount: number;
  /** One-off fees, deducted from the amount paid out. */
  upfrontFee: number;
  /** The regular monthly payment: annuity + monthly fee. */
  monthlyPayment: number;
  start: CalendarDate;
  rows: ScheduleRowTetri[];
}

/**
 * What a loan is asked for: `amount` in GEL (two decimals), `months` a whole number, and the
 * day of the month payments fall on (1–28) once the customer chooses it for the contract.
 */
export interface LoanTerms {
  amount: number;
  months: number;
  paymentDay?: number;
}

/** The shortest first period a chosen payment day leaves: no first payment within two weeks. */
export const minFirstPeriodDays = 15;

/** The first day of the month `paymentDay` (1–28) at least `minFirstPeriodDays` after `payout`. */
export function firstPaymentDate(payout: CalendarDate, paymentDay: number): CalendarDate {
  if (!Number.isInteger(paymentDay) || paymentDay < 1 || paymentDay > 28)
    throw new RangeError(`Not a payment day (1–28): ${paymentDay}`);
  for (let months = 0; ; months++) {
    const candidate = { ...addMonths({ ...payout, day: 1 }, months), day: paymentDay };
    if (daysBetween(payout, candidate) >= minFirstPeriodDays) return candidate;
  }
}

/** Refuses amounts and terms no schedule can be built for (limits are the product's concern). */
export function assertTerms({ amount, months }: LoanTerms): void {
  if (!Number.isFinite(amount) || toTetri(amount) <= 0)
    throw new RangeError(`Not a loan amount: ${amount}`);
  if (!Number.isInteger(months) || months < 1)
    throw new RangeError(`Not a loan term in months: ${months}`);
}

function monthlyRate(pricing: LoanPricing): number {
  return pricing.nominal_rate / 100 / 12;
}

/** The annuity on one tetri: the factor every amount is multiplied by (so payments grow with the amount). */
function annuityFactor(rate: number, months: number): number {
  return rate === 0 ? 1 / months : rate / (1 - (1 + rate) ** -months);
}

/** Each month's interest: the balance × nominal / 12, rounded to the tetri. */
function interestOn(balance: number, rate: number): number {
  return Math.round(balance * rate);
}

/**
 * The annuity in tetri: the formula's, rounded. Its rounding (≤ ½ tetri a month) and each
 * month's interest rounding pile up in the balance, compounded by the interest, to at most
 * s(n) = ((1 + i)^n − 1) / i tetri, settled in the last payment. Where s(n) outgrows the
 * payment (small amounts over long terms at high rates) a rounded-up annuity would repay the
 * loan before its last month; the annuity is then lowered tetri by tetri until it does not,
 * so every row but the last is a full regular payment. O(months) only in that rare case.
 */
function annuityTetri(amount: number, rate: number, months: number): number {
  let annuity = Math.round(amount * annuityFactor(rate, months));
  // Before the last payment the exact schedule still owes annuity / (1 + i): when even the
  // worst pile-up stays below that, the rounded annuity cannot repay early.
  const pileUp = rate === 0 ? months : ((1 + rate) ** months - 1) / rate;
  if (pileUp + 1 < annuity / (1 + rate)) return annuity;
  const paysOffEarly = (candidate: number) => {
    let balance = amount;
    for (let month = 1; month < months; month++) {
      balance -= Math.max(0, candidate - interestOn(balance, rate));
      if (balance <= 0) return true;
    }
    return false;
  };
  while (annuity > 1 && paysOffEarly(annuity)) annuity--;
  return annuity;
}

/** The regular monthly payment in tetri (annuity + monthly fee), without building the schedule. */
export function monthlyPaymentTetri(pricing: LoanPricing, terms: LoanTerms): number {
  assertTerms(terms);
  const annuity = annuityTetri(toTetri(terms.amount), monthlyRate(pricing), terms.months);
  return annuity + toTetri(pricing.monthly_fee);
}

/** Each month's principal and interest, tetri, for `amount` tetri over `months`. */
export interface RepaymentsTetri {
  /** The regular monthly payment without the monthly fee. */
  annuity: number;
  principal: number[];
  interest: number[];
  /**
   * Whether every month but the last pays the formula's annuity rounded to the tetri (not
   * lowered by `annuityTetri`, not clamped): what the worst-rate search's bound assumes.
   */
  regular: boolean;
}

/**
 * The repayment loop of the schedule, on an amount in tetri: the one loop both
 * `buildScheduleTetri` and the worst-rate search run, so they cannot disagree.
 */
export function repaymentsTetri(
  pricing: LoanPricing,
  amount: number,
  months: number,
): RepaymentsTetri {
  const rate = monthlyRate(pricing);
  const annuity = annuityTetri(amount, rate, months);
  const principals: number[] = [];
  const interests: number[] = [];
  let regular = annuity === Math.round(amount * annuityFactor(rate, months));
  let balance = amount;
  for (let number = 1; number <= months; number++) {
    const interest = interestOn(balance, rate);
    // The last month repays what is left; before it, the annuity's principal part (never
    // below 0 when the interest alone exceeds it, at absurd rates; `annuityTetri` keeps it
    // below the balance).
    const principal =
      number === months ? balance : Math.min(balance, Math.max(0, annuity - interest));
    balance -= principal;
    if (number < months && principal + interest !== annuity) regular = false;
    principals.push(principal);
    interests.push(interest);
  }
  return { annuity, principal: principals, interest: interests, regular };
}

/** The full schedule in tetri. `startDate` (`YYYY-MM-DD`) is the payout date. */
export function buildScheduleTetri(
  pricing: LoanPricing,
  terms: LoanTerms,
  startDate: string,
): ScheduleTetri {
  const start = parseIsoDate(startDate);
  assertTerms(terms);
  const amount = toTetri(terms.amount);
  const upfrontFee = upfrontFeeTetri(pricing, terms.amount);
  if (upfrontFee >= amount) throw new RangeError('The one-off fees take the whole amount');
  const fee = toTetri(pricing.monthly_fee);
  const { annuity, principal, interest } = repaymentsTetri(pricing, amount, terms.months);

  // A chosen payment day moves the dates, and the first period's length its interest.
  const first =
    terms.paymentDay === undefined ? undefined : firstPaymentDate(start, terms.paymentDay);
  const firstPeriodExtra =
    first === undefined
      ? 0
      : Math.round((amount * monthlyRate(pricing) * (days30E360(start, first) - 30)) / 30);
  const rows: ScheduleRowTetri[] = [];
  let balance = amount;
  for (let number = 1; number <= terms.months; number++) {
    const paid = principal[number - 1] ?? 0;
    const charged = (interest[number - 1] ?? 0) + (number === 1 ? firstPeriodExtra : 0);
    balance -= paid;
    rows.push({
      number,
      date: first === undefined ? addMonths(start, number) : addMonths(first, number - 1),
      payment: paid + charged + fee,
      principal: paid,
      interest: charged,
      fee,
      balance,
    });
  }
  return { amount, upfrontFee, monthlyPayment: annuity + fee, start, rows };
}
