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
  /** A connection pool's counts now (PostgreSQL; PGlite is a single session and has none). */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  /** Connections open, idle or in use. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export const migrationsFolder = resolve(import.meta.dirname, '../../drizzle');

/** The rows of a raw `db.execute`: both drivers answer `{ rows }`, which Drizzle types loosely. */
export function rowsOf<Row>(result: unknown): Row[] {
  if (typeof result === 'object' && result !== null && 'rows' in result) {
    if (Array.isArray(result.rows)) return result.rows as Row[];
  }
  throw new Error('a raw query answered without rows');
}
