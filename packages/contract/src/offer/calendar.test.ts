import { describe, expect, it } from 'vitest';
import {
  addDaysToIsoDate,
  addMonths,
  daysBetween,
  days30E360,
  formatIsoDate,
  parseIsoDate,
} from './calendar.ts';

const plus = (start: string, months: number) =>
  formatIsoDate(addMonths(parseIsoDate(start), months));

describe('addMonths', () => {
  it('keeps the day of the month', () => {
    expect(plus('2027-01-15', 1)).toBe('2027-02-15');
    expect(plus('2027-11-15', 2)).toBe('2028-01-15');
    expect(plus('2027-01-15', 48)).toBe('2031-01-15');
  });

  it('clamps to the month end and comes back to the start day afterwards', () => {
    expect(plus('2027-01-31', 1)).toBe('2027-02-28');
    expect(plus('2028-01-31', 1)).toBe('2028-02-29');
    expect(plus('2027-01-31', 2)).toBe('2027-03-31');
    expect(plus('2027-01-31', 3)).toBe('2027-04-30');
    expect(plus('2027-08-31', 1)).toBe('2027-09-30');
    expect(plus('2028-02-29', 12)).toBe('2029-02-28');
    expect(plus('2027-01-30', 1)).toBe('2027-02-28');
    expect(plus('2027-01-29', 1)).toBe('2027-02-28');
    expect(plus('2028-01-29', 1)).toBe('2028-02-29');
  });
});

describe('parseIsoDate', () => {
  it.each(['2027-02-29', '2027-13-01', '2027-1-01', '27-01-01', '2027-01-00', ''])(
    'refuses %s',
    (text) => {
      expect(() => parseIsoDate(text)).toThrow(RangeError);
    },
  );
});

describe('daysBetween', () => {
  it('counts calendar days across month ends and leap years', () => {
    expect(daysBetween(parseIsoDate('2027-01-31'), parseIsoDate('2027-02-28'))).toBe(28);
    expect(daysBetween(parseIsoDate('2027-01-01'), parseIsoDate('2028-01-01'))).toBe(365);
    expect(daysBetween(parseIsoDate('2028-01-01'), parseIsoDate('2029-01-01'))).toBe(366);
  });
});

describe('addDaysToIsoDate', () => {
  it('crosses month and year ends, leap days included, both ways', () => {
    expect(addDaysToIsoDate('2027-01-31', 1)).toBe('2027-02-01');
    expect(addDaysToIsoDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysToIsoDate('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDaysToIsoDate('2027-03-01', -1)).toBe('2027-02-28');
    expect(addDaysToIsoDate('2027-01-01', 14)).toBe('2027-01-15');
  });
});

describe('days30E360', () => {
  const days = (from: string, to: string) => days30E360(parseIsoDate(from), parseIsoDate(to));

  it('counts every month as 30 days and a 31st as the 30th', () => {
    expect(days('2026-11-27', '2027-01-05')).toBe(38);
    expect(days('2026-11-27', '2026-12-27')).toBe(30);
    expect(days('2027-01-31', '2027-02-28')).toBe(28);
    expect(days('2027-01-30', '2027-03-31')).toBe(60);
  });
});
