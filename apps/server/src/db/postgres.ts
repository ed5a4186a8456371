import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder, type DatabaseConnection } from './database.ts';
import * as schema from './schema.ts';

/**
 * A PostgreSQL server through a connection pool. `onIdleError` receives errors of idle
 * connections (the server restarted, a network blip): the pool drops such a connection and
 * opens a new one on the next query, so they are logged, never thrown.
 */
export async function openPostgres(
  url: string,
  onIdleError: (error: Error) => void,
): Promise<DatabaseConnection> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Fail fast while the database is down, so requests answer 503 instead of hanging.
    connectionTimeoutMillis: 5_000,
  });
  pool.on('error', onIdleError);
  try {
    const db = drizzle({ client: pool, schema });
    await migrate(db, { migrationsFolder });
    let closing: Promise<void> | undefined;
    return {
      db,
      driver: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => (closing ??= pool.end()),
    };
  } catch (error) {
    await pool.end();
    throw error;
  }
}
