import { z } from 'zod';
import { parseIsoDate } from './offer/calendar.ts';

/** `YYYY-MM-DD HH:mm:ss`, Georgian time (Asia/Tbilisi), as the spec writes timestamps. */
export const timestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, { error: 'validation.timestamp' });

/** A calendar day, `YYYY-MM-DD`, that exists (no 31 April). */
export const calendarDate = z.string({ error: 'validation.date' }).refine(
  (text) => {
    try {
      parseIsoDate(text);
      return true;
    } catch {
      return false;
    }
  },
  { error: 'validation.date' },
);

/**
 * Whether `iban` (capitals, no spaces) passes ISO 13616's check: its first four characters
 * moved to the end, letters read as 10–35, the number leaves 1 when divided by 97.
 */
export function ibanCheckDigitsValid(iban: string): boolean {
  let remainder = 0;
  for (const character of iban.slice(4) + iban.slice(0, 4)) {
    const value = Number.parseInt(character, 36);
    remainder = (remainder * (value > 9 ? 100 : 10) + value) % 97;
  }
  return remainder === 1;
}

/**
 * A Georgian IBAN (domain-notes.md), typed with or without spaces and in either case: 22
 * characters, `GE`, two check digits, a two-letter bank code and 16 digits, ISO 13616 mod-97.
 * Reads as the IBAN in capitals without spaces.
 */
export const georgianIban = z
  .string({ error: 'validation.iban' })
  .transform((text) => text.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      // Not a Georgian IBAN's shape: its check digits are not worth a second message.
      .regex(/^GE\d{2}[A-Z]{2}\d{16}$/, { error: 'validation.iban', abort: true })
      .refine(ibanCheckDigitsValid, { error: 'validation.ibanCheckDigits' }),
  );

/** A Georgian mobile number typed without +995: nine digits starting with 5. */
export const mobilePhone = z
  .string()
  .trim()
  .regex(/^5\d{8}$/, { error: 'validation.phone' });

/** A personal number: eleven digits, no checksum. */
export const personalNumber = z.string().regex(/^\d{11}$/, { error: 'validation.personalNumber' });

/** `HH:mm` on a 24-hour clock. */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** ISO weekday: 1 is Monday, 7 is Sunday. */
export const isoWeekday = z.number().int().min(1).max(7);
