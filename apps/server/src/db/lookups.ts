import type { Locale } from '@sesxi/contract';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
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

/** A row of bilingualListSql: both names, for namedIn to choose one. */
export interface BilingualItem {
  id: number;
  name: string;
  nameEn: string;
}

/** The rows in both languages, in their order, as a JSON array for a raw statement. */
export function bilingualListSql(table: LookupTable): SQL {
  return sql`(select coalesce(json_agg(json_build_object(
      'id', ${table.id}, 'name', ${table.name}, 'nameEn', ${table.nameEn})
      order by ${table.sortOrder}, ${table.id}), '[]') from ${table})`;
}

/** bilingualListSql's rows as lookupNames answers them in `locale`. */
export function namedIn(items: BilingualItem[], locale: Locale) {
  return items.map(({ id, name, nameEn }) => ({ id, name: locale === 'en' ? nameEn : name }));
}

/** Whether `id` names a row: what a form sends is checked before a foreign key refuses it. */
export async function lookupExists(db: Database, table: LookupTable, id: number) {
  if (!Number.isSafeInteger(id) || id < 1 || id > maxId) return false;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return row !== undefined;
}
