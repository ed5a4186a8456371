/**
 * Calendar dates as `YYYY-MM-DD` strings. Arithmetic runs on UTC midnights, so no time zone
 * or daylight-saving shift can move a day; which day "today" is (Asia/Tbilisi) is the
 * caller's business (`formatTimestamp(now).slice(0, 10)`).
 */

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayMs = 86_400_000;

export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

export function parseIsoDate(text: string): CalendarDate {
  const match = isoDatePattern.exec(text);
  const date = match
    ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
    : null;
  if (
    !date ||
    date.month < 1 ||
    date.month > 12 ||
    date.day < 1 ||
    date.day > daysInMonth(date.year, date.month)
  ) {
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${text}`);
  }
  return date;
}

export function formatIsoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The same day of the month `months` later, clamped to the month's last day when that day
 * does not exist: Jan 31 + 1 → Feb 28 (29 in a leap year), + 2 → Mar 31. Always counted
 * from the start date, so a clamped February does not pull later months back to the 28th.
 */
export function addMonths(start: CalendarDate, months: number): CalendarDate {
  const index = start.year * 12 + (start.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(start.day, daysInMonth(year, month)) };
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  const fromMs = Date.UTC(from.year, from.month - 1, from.day);
  const toMs = Date.UTC(to.year, to.month - 1, to.day);
  return Math.round((toMs - fromMs) / dayMs);
}

/** The day `days` after (before, when negative) `date`, both `YYYY-MM-DD`. */
export function addDaysToIsoDate(date: string, days: number): string {
  const { year, month, day } = parseIsoDate(date);
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return formatIsoDate({
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  });
}

/**
 * Days from `from` to `to` counted 30E/360 (every month 30 days, a 31st counts as the 30th):
 * the day count whose month is the "nominal / 12" month the schedule charges interest for.
 */
export function days30E360(from: CalendarDate, to: CalendarDate): number {
  return (
    (to.year - from.year) * 360 +
    (to.month - from.month) * 30 +
    (Math.min(to.day, 30) - Math.min(from.day, 30))
  );
}
