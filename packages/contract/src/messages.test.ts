import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsFromIssues, localeFromAcceptLanguage, mobilePhone } from './index.ts';

const form = z.object({
  phone: mobilePhone,
  name: z.string().min(1),
  months: z.number().int().min(3).max(48),
  email: z.email(),
});

function errorsOf(input: unknown, locale: 'ka' | 'en' = 'ka') {
  const result = form.safeParse(input);
  if (result.success) throw new Error('expected the input to fail');
  return fieldErrorsFromIssues(result.error.issues, locale);
}

describe('field errors from zod issues', () => {
  it('names every missing field as required, in Georgian', () => {
    expect(errorsOf({})).toEqual({
      phone: ['ველის შევსება სავალდებულოა'],
      name: ['ველის შევსება სავალდებულოა'],
      months: ['ველის შევსება სავალდებულოა'],
      email: ['ველის შევსება სავალდებულოა'],
    });
  });

  it('treats an empty string as missing', () => {
    expect(errorsOf({ name: '' }).name).toEqual(['ველის შევსება სავალდებულოა']);
  });

  it('uses the schema’s own message key and fills in bounds', () => {
    const errors = errorsOf({ phone: '+995599000001', name: 'ნინო', months: 60, email: 'x' });
    expect(errors.phone).toEqual(['შეიყვანეთ 5-ით დაწყებული 9-ნიშნა მობილურის ნომერი']);
    expect(errors.months).toEqual(['მნიშვნელობა უნდა იყოს მაქსიმუმ 48']);
    expect(errors.email).toEqual(['შეიყვანეთ სწორი ელ. ფოსტა']);
  });

  it('speaks English when asked', () => {
    expect(errorsOf({ months: 1.5 }, 'en').months).toEqual(['Enter a whole number']);
  });
});

describe('locale from Accept-Language', () => {
  it.each([
    [undefined, 'ka'],
    ['ka-GE,ka;q=0.9', 'ka'],
    ['en-US,en;q=0.9', 'en'],
    ['de-DE', 'ka'],
  ] as const)('%s → %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});
