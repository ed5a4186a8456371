import { describe, expect, it } from 'vitest';
import { formatTimestamp } from './date-time';
import { formatLari } from '@sesxi/contract';
import { formatMoney } from './money';
import { amountInputText, parseGeorgianNumber } from './number-input';
import { formatPercent } from './percent';
import { isPhoneTooLong, nationalPhoneDigits, telHref } from './phone';
import { formatScheduleLine } from './schedule';

const nbsp = '\u00a0';

describe('formatMoney', () => {
  it('puts the lari sign after the amount with a no-break space', () => {
    expect(formatMoney(5)).toBe(`5,00${nbsp}₾`);
  });

  it('does not group four-digit amounts', () => {
    expect(formatMoney(1234)).toBe(`1234,00${nbsp}₾`);
  });

  it('groups larger amounts with no-break spaces', () => {
    expect(formatMoney(1234567.89)).toBe(`1${nbsp}234${nbsp}567,89${nbsp}₾`);
  });

  it('writes out by hand exactly what Intl writes where the browser knows Georgian', () => {
    const lari = new Intl.NumberFormat('ka-GE', { style: 'currency', currency: 'GEL' });
    for (const amount of [0, 0.5, 5, 99.99, 1234, 9999.99, 12345.67, 100000, 1234567.89, 5e8]) {
      expect(formatLari(amount)).toBe(lari.format(amount));
    }
  });
});

describe('formatTimestamp', () => {
  it('writes Georgian time (UTC+4) as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatTimestamp(new Date('2026-01-01T20:00:05Z'))).toBe('2026-01-02 00:00:05');
  });

  it('uses a 24-hour clock and keeps leading zeros', () => {
    expect(formatTimestamp(Date.UTC(2026, 6, 9, 9, 3, 7))).toBe('2026-07-09 13:03:07');
  });
});

describe('amountInputText', () => {
  it('writes whole amounts bare and others with two decimals after a comma', () => {
    expect(amountInputText(2500)).toBe('2500');
    expect(amountInputText(2500.5)).toBe('2500,50');
    expect(amountInputText(0.05)).toBe('0,05');
  });

  it('groups the digits of five or more, as money is written, with plain spaces', () => {
    expect(amountInputText(12000)).toBe('12 000');
    expect(amountInputText(1234567.89)).toBe('1 234 567,89');
  });

  it('reads back as the same number', () => {
    for (const amount of [1, 99.99, 1250.5, 49999.01, 1234567.89]) {
      expect(parseGeorgianNumber(amountInputText(amount))).toBe(amount);
    }
  });
});

describe('parseGeorgianNumber', () => {
  it.each([
    ['1234,56', 1234.56],
    ['1234.56', 1234.56],
    ['1 234,5', 1234.5],
    [`1${nbsp}234`, 1234],
    [' 500 ', 500],
    ['-12,3', -12.3],
    ['0,05', 0.05],
  ])('reads %j as %d', (input, expected) => {
    expect(parseGeorgianNumber(input)).toBe(expected);
  });

  it.each(['', '   ', 'abc', '1,2,3', '1.234,56', '12,', ',5', '5₾'])('refuses %j', (input) => {
    expect(parseGeorgianNumber(input)).toBeNull();
  });
});

describe('formatScheduleLine', () => {
  const names = [
    '',
    'ორშაბათი',
    'სამშაბათი',
    'ოთხშაბათი',
    'ხუთშაბათი',
    'პარასკევი',
    'შაბათი',
    'კვირა',
  ];
  const weekdayName = (day: number) => names[day] ?? '';

  it('names a range of days', () => {
    expect(
      formatScheduleLine(
        { start_day: 1, end_day: 5, start_time: '10:00', end_time: '18:00' },
        weekdayName,
      ),
    ).toBe('ორშაბათი – პარასკევი 10:00 – 18:00');
  });

  it('names a single day once', () => {
    expect(
      formatScheduleLine(
        { start_day: 6, end_day: 6, start_time: '10:00', end_time: '14:00' },
        weekdayName,
      ),
    ).toBe('შაბათი 10:00 – 14:00');
  });
});

describe('telHref', () => {
  it('keeps only what a dialler needs', () => {
    expect(telHref('(+995 32) 2 40-64-06')).toBe('tel:+995322406406');
    expect(telHref('*0505')).toBe('tel:*0505');
  });
});

describe('nationalPhoneDigits', () => {
  it.each([
    ['599123456', '599123456'],
    ['599 12-34-56', '599123456'],
    ['+995 599 12 34 56', '599123456'],
    ['995599123456', '599123456'],
    ['5991234567', '5991234567'],
    ['9955991234567', '5991234567'],
    ['+995 599 12 34 56 7', '5991234567'],
    ['59a9', '599'],
    ['', ''],
  ])('reads %j as %j', (input, expected) => {
    expect(nationalPhoneDigits(input)).toBe(expected);
  });

  it('keeps a number too long whole, so it can be refused rather than cut', () => {
    expect(isPhoneTooLong(nationalPhoneDigits('5991234567890'))).toBe(true);
    expect(isPhoneTooLong(nationalPhoneDigits('+995 599 12 34 56'))).toBe(false);
  });
});

describe('formatPercent', () => {
  it('writes two decimals after a comma and the sign right after', () => {
    expect(formatPercent(26.95)).toBe('26,95%');
    expect(formatPercent(24)).toBe('24,00%');
    expect(formatPercent(0.5)).toBe('0,50%');
  });
});
