import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder, type DatabaseConnection } from './database.ts';
import * as schema from './schema.ts';

/**
 * A PostgreSQL server through a connection pool. `onConnectionLost` receives the error of a
 * connection that died (the server restarted, a backend was terminated, a network blip): the
 * pool drops such a connection and opens a new one on the next query, so it is logged, never
 * thrown. That holds for a connection in use too: the pool listens only to idle ones, and a
 * transaction's connection that dies between two statements would otherwise emit an error
 * nobody hears, which ends the process.
 */
export async function openPostgres(
  url: string,
  onConnectionLost: (error: Error) => void,
): Promise<DatabaseConnection> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Fail fast while the database is down, so requests answer 503 instead of hanging.
    connectionTimeoutMillis: 5_000,
  });
  pool.on('error', onConnectionLost);
  pool.on('connect', (client) => client.on('error', onConnectionLost));
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
