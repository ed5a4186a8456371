import type { Locale } from '@sesxi/contract';
import { asc, eq } from 'drizzle-orm';
import type { Database } from './database.ts';
import type { activitySpheres, branches, cities, documentTypes, loanPurposes } from './schema.ts';

/** A list the forms offer: every row has an id, a Georgian and an English name and an order. */
export type LookupTable =
  | typeof documentTypes
  | typeof cities
  | typeof activitySpheres
  | typeof loanPurposes
  | typeof branches;

/** The largest id an `integer` column holds: a bigger one cannot name a row. */
export const maxId = 2_147_483_647;

/** The rows as `{id, name}` in the request's language, in their order. */
export function lookupNames(db: Database, table: LookupTable, locale: Locale) {
  return db
    .select({ id: table.id, name: locale === 'en' ? table.nameEn : table.name })
    .from(table)
    .orderBy(asc(table.sortOrder), asc(table.id));
}

/** Whether `id` names a row: what a form sends is checked before a foreign key refuses it. */
export async function lookupExists(db: Database, table: LookupTable, id: number) {
  if (!Number.isSafeInteger(id) || id < 1 || id > maxId) return false;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return row !== undefined;
}
