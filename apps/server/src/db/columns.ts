import { sql, type AnyColumn } from 'drizzle-orm';
import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** A point in time, read and written as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Lari with tetri, read and written as JavaScript numbers (design.md: `numeric(12,2)`). */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/** Percent with up to four decimals (a nominal rate, a fee percent, an effective rate). */
export const percent = (name: string) => numeric(name, { precision: 9, scale: 4, mode: 'number' });

const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** A check that a text column holds one of `values`. */
export function oneOf(column: AnyColumn, values: readonly string[]) {
  return sql`${column} in (${sql.raw(quoted(values))})`;
}

/** A check that a text array column holds only some of `values`. */
export function someOf(column: AnyColumn, values: readonly string[]) {
  return sql`${column} <@ array[${sql.raw(quoted(values))}]::text[]`;
}
