import { z } from 'zod';

/** Every successful body: `{"status":"success", ...data}`. */
export function success<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ status: z.literal('success'), ...shape });
}

/** A body with only the status, for calls that return nothing else. */
export const statusOnly = success({});

/**
 * Every failure keeps its field errors at the top level, as the spec's client expects:
 * `{"status":"error","message":"…","phone":["…"],"code":["…"]}`.
 * Other statuses (`refused`, `failure`) are named by the endpoints that use them.
 */
export const errorBody = z
  .object({
    status: z.string(),
    message: z.string(),
  })
  .catchall(z.union([z.array(z.string()), z.unknown()]));

export type ErrorBody = { status: string; message: string } & Record<string, unknown>;
export type FieldErrors = Record<string, string[]>;

/** Picks the field errors (arrays of messages) out of an error body. */
export function fieldErrorsOf(body: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
      errors[key] = value;
    }
  }
  return errors;
}

/** The paginated list shape of design.md, for the support table. */
export function paginated<Row extends z.ZodType>(row: Row) {
  return success({
    data: z.array(row),
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  });
}

/**
 * A whole number as a path or a query spells it: decimal digits alone, so `0x1`, `1e0`, ` 1`
 * and `+1` are not 1 (a coercion would take them all). The web app builds its queries from
 * numbers, which are taken as they are.
 */
const wholeNumber = (digits: RegExp) =>
  z.union([z.int(), z.string().regex(digits).transform(Number)], {
    error: 'validation.integer',
  });

/** A row's id in a path: one spelling only (no leading zero), within PostgreSQL's `integer`. */
export const recordId = wholeNumber(/^[1-9][0-9]{0,9}$/).pipe(z.number().min(1).max(2_147_483_647));

export const paginationQuery = z.object({
  page: wholeNumber(/^[0-9]{1,15}$/)
    .pipe(z.number().min(1))
    .default(1),
  per_page: wholeNumber(/^[0-9]{1,3}$/)
    .pipe(z.number().min(1).max(100))
    .default(15),
  search: z.string().trim().max(100).default(''),
});
