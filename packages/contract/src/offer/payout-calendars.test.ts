import { describe, expect, it } from 'vitest';
import { addMonths, daysBetween, formatIsoDate, parseIsoDate } from './calendar.ts';
import { longestTerm, payoutCalendarOf, payoutCalendars } from './payout-calendars.ts';

const dayMs = 86_400_000;

function countsOf(payoutDate: string): string {
  const start = parseIsoDate(payoutDate);
  return Array.from({ length: longestTerm }, (_, index) =>
    daysBetween(start, addMonths(start, index + 1)),
  ).join(',');
}

describe('payoutCalendars', () => {
  it('are distinct and few (about 137 situations stand for every payout date)', () => {
    const keys = new Set(payoutCalendars().map((calendar) => calendar.days.join(',')));
    expect(keys.size).toBe(payoutCalendars().length);
    expect(payoutCalendars().length).toBe(137);
    for (const calendar of payoutCalendars()) {
      expect(calendar.days).toHaveLength(longestTerm);
      expect(countsOf(calendar.payout_date)).toBe(calendar.days.join(','));
    }
  });

  it('include the day counts of every payout date of 2025–2028, for every payment of 120 months', () => {
    const known = new Set(payoutCalendars().map((calendar) => calendar.days.join(',')));
    let dates = 0;
    for (let ms = Date.UTC(2025, 0, 1); ms <= Date.UTC(2028, 11, 31); ms += dayMs) {
      const date = new Date(ms);
      const payoutDate = formatIsoDate({
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
      });
      expect(known.has(countsOf(payoutDate)), payoutDate).toBe(true);
      dates++;
    }
    expect(dates).toBe(1461);
  });

  it('repeat every four years: a later date falls in the situation of its date four years back', () => {
    for (const date of ['2031-01-31', '2032-02-29', '2060-02-05', '2089-12-31', '2045-07-30']) {
      const earlier = `${Number(date.slice(0, 4)) - 4 * Math.ceil((Number(date.slice(0, 4)) - 2028) / 4)}${date.slice(4)}`;
      expect(payoutCalendarOf(date)).toBe(payoutCalendarOf(earlier));
    }
  });
});
