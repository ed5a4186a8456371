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
