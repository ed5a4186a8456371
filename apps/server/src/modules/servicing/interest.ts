/*
 * Daily interest (decision 023): each period's scheduled interest is recognised day by day, in
 * proportion to the principal outstanding against the period's opening balance, so that a loan
 * paid as scheduled accrues exactly the schedule's interest and a prepaid one accrues less.
 * Pure; amounts in tetri. Close of day runs the same formula as SQL (close-of-day.ts).
 */

/** The period an instalment's interest runs over: from the previous due date (or the payout). */
export interface InterestPeriod {
  /** The scheduled interest of the period. */
  interest: number;
  /** The principal owed at the period's start, as scheduled. */
  openingBalance: number;
  /** Days in the period. */
  days: number;
}

/** Interest recognised over the first `day` days of `period` on `outstanding` principal. */
function recognised(period: InterestPeriod, outstanding: number, day: number): bigint {
  if (period.openingBalance <= 0 || period.days <= 0) return 0n;
  return (
    (BigInt(period.interest) * BigInt(outstanding) * BigInt(day)) /
    (BigInt(period.openingBalance) * BigInt(period.days))
  );
}

/**
 * The interest of day `day` (1 = the period's first day, the payout day or a due date; the
 * period's last day is the eve of its due date) on `outstanding` principal.
 */
export function dailyInterest(period: InterestPeriod, outstanding: number, day: number): number {
  return Number(recognised(period, outstanding, day) - recognised(period, outstanding, day - 1));
}

/**
 * The interest of the days from day `fromDay` to the period's last on `outstanding` principal,
 * as close of day will recognise it if the principal does not change again in the period.
 */
export function interestToCome(
  period: InterestPeriod,
  outstanding: number,
  fromDay: number,
): number {
  return Number(
    recognised(period, outstanding, period.days) - recognised(period, outstanding, fromDay - 1),
  );
}
