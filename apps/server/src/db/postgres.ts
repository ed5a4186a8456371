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
    await migrateUnderLock(pool);
    const db = drizzle({ client: pool, schema });
    let closing: Promise<void> | undefined;
    return {
      db,
      driver: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => (closing ??= pool.end()),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/** Any fixed number: the key of the advisory lock that serializes migrations. */
const migrationLockKey = 7_356_021;

/** Several instances starting at once take turns, so each migration runs exactly once. */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } finally {
    client.release();
  }
}
