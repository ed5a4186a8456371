import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { lockDataDir } from './data-dir-lock.ts';
import { migrationsFolder, type DatabaseConnection } from './database.ts';
import * as schema from './schema.ts';

/** The extensions the migrations create (PGlite bundles them; PostgreSQL ships them in contrib). */
export const pgliteExtensions = { pg_trgm };

/**
 * The embedded PostgreSQL: persisted in `dataDir`, or in memory when none is given, optionally
 * started from a `template` (a `dumpDataDir()` tarball: tests start from a migrated copy in a
 * third of the time). PGlite is a single session, so a query on this handle inside an open
 * transaction waits forever: inside `db.transaction(...)` always use the transaction's handle.
 */
export async function openPglite({
  dataDir,
  template,
}: { dataDir?: string; template?: Blob } = {}): Promise<DatabaseConnection> {
  const unlock = dataDir === undefined ? undefined : await lockDataDir(dataDir);
  const client = await PGlite.create({
    dataDir,
    loadDataDir: template,
    extensions: pgliteExtensions,
  }).catch(async (error: unknown) => {
    await unlock?.();
    throw error;
  });
  try {
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder });
    let closing: Promise<void> | undefined;
    return {
      db,
      driver: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => (closing ??= client.close().finally(() => unlock?.())),
    };
  } catch (error) {
    await client.close();
    await unlock?.();
    throw error;
  }
}
