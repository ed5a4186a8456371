import { addMonths, daysBetween, daysInMonth, formatIsoDate, parseIsoDate } from './calendar.ts';

/** The longest term a product may have, months (see `loanProduct`). */
export const longestTerm = 120;

/**
 * A payout situation: every payout date whose payments fall the same numbers of days after it.
 * `days[k - 1]` is the day count from the payout to payment k, for k = 1 … 120; `payout_date`
 * is one date in that situation (the earliest of 2025–2028).
 */
export interface PayoutCalendar {
  payout_date: string;
  days: readonly number[];
}

function daysOf(payoutDate: string): number[] {
  const start = parseIsoDate(payoutDate);
  return Array.from({ length: longestTerm }, (_, index) =>
    daysBetween(start, addMonths(start, index + 1)),
  );
}

/** Computed on first use: a page that shows no offer (the login form) never pays for it. */
let calendars: readonly PayoutCalendar[] | undefined;

/**
 * Every payout situation, each once. The schedule (amounts) does not depend on the payout
 * date; only the day counts from the payout to each payment do, and those depend only on
 * - the day of the month, as far as it is clamped: a payout on days 1–28 pays on that day of
 *   every month, so its counts are sums of whole month lengths, the same for days 1 … 28;
 *   days 29, 30 and 31 are clamped in shorter months and differ;
 * - the month lengths from the payout month on, which repeat every four years (February has
 *   29 days every fourth year).
 * So 48 months × 4 day classes (fewer where day 29–31 does not exist), less the classes that
 * coincide, is all there is: about 137 situations for 120 months. Valid for payouts before
 * February 2090 (the last payment of 120 months then falls before February 2100, and 2100
 * is not a leap year).
 */
export function payoutCalendars(): readonly PayoutCalendar[] {
  calendars ??= everyPayoutCalendar();
  return calendars;
}

function everyPayoutCalendar(): PayoutCalendar[] {
  const seen = new Map<string, PayoutCalendar>();
  for (const year of [2025, 2026, 2027, 2028]) {
    for (let month = 1; month <= 12; month++) {
      for (const day of [1, 29, 30, 31]) {
        if (day > daysInMonth(year, month)) continue;
        const payout_date = formatIsoDate({ year, month, day });
        const days = daysOf(payout_date);
        const key = days.join(',');
        if (!seen.has(key)) seen.set(key, { payout_date, days });
      }
    }
  }
  return [...seen.values()];
}

/** The situation `payoutDate` is in: the same day counts for every payment of up to 120 months. */
export function payoutCalendarOf(payoutDate: string): PayoutCalendar {
  const key = daysOf(payoutDate).join(',');
  const found = payoutCalendars().find((calendar) => calendar.days.join(',') === key);
  if (!found) throw new RangeError(`No payout situation for ${payoutDate}`);
  return found;
}
