import { describe, expect, it } from 'vitest';
import { calendarDate, georgianIban } from './formats.ts';

describe('georgianIban', () => {
  it.each([
    // The IBAN registry's example for Georgia, and two made with check digits by another tool.
    ['GE29NB0000000101904917', 'GE29NB0000000101904917'],
    ['GE59BG0000000123456789', 'GE59BG0000000123456789'],
    ['ge74 tb12 3456 7890 1234 56', 'GE74TB1234567890123456'],
  ])('reads %s as %s', (typed, iban) => {
    expect(georgianIban.parse(typed)).toBe(iban);
  });

  it.each([
    ['GE28NB0000000101904917', 'validation.ibanCheckDigits'],
    ['GE29NB0000000101904971', 'validation.ibanCheckDigits'],
    ['GE29NB000000010190491', 'validation.iban'],
    ['DE89370400440532013000', 'validation.iban'],
    ['GE2912345678901234567X', 'validation.iban'],
    ['', 'validation.iban'],
  ])('refuses %j with %s', (typed, key) => {
    const parsed = georgianIban.safeParse(typed);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([key]);
  });
});

describe('calendarDate', () => {
  it('takes days that exist and nothing else', () => {
    expect(calendarDate.safeParse('2028-02-29').success).toBe(true);
    expect(calendarDate.safeParse('2027-02-29').success).toBe(false);
    expect(calendarDate.safeParse('2027-04-31').success).toBe(false);
  });
});
