import { resolve } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

/** The one database type every repository takes: PGlite and node-postgres both satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database: the handle, a cheap reachability check and an idempotent close. */
export interface DatabaseConnection {
  readonly db: Database;
  readonly driver: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = resolve(import.meta.dirname, '../../drizzle');
