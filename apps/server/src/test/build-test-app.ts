import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '#app/app.ts';
import { loadConfig, repositoryRoot, type DatabaseTarget } from '#app/config.ts';
import type { DatabaseConnection } from '#app/db/database.ts';
import { openPglite } from '#app/db/pglite.ts';
import { openPostgres } from '#app/db/postgres.ts';

/**
 * A fresh database for one test app: PGlite in memory, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a new uniquely named database there, dropped again by `release`.
 */
export async function createTestDatabase(): Promise<{
  target: DatabaseTarget;
  release: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { target: { driver: 'pglite' }, release: async () => {} };
  const name = `sesxi_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    target: { driver: 'postgres', url: url.toString() },
    release: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** No web build unless a test brings one. */
const noWebDist = resolve(repositoryRoot, '.test-data', 'no-web-dist');

/**
 * The app as `npm start` builds it, on a fresh database, logging nothing. `env` overrides the
 * environment variables (see config.ts). Closing the app drops its database.
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: noWebDist, ...env });
  const database = await createTestDatabase();
  try {
    const app = await buildApp({ ...config, database: database.target });
    app.addHook('onClose', database.release);
    return app;
  } catch (error) {
    await database.release();
    throw error;
  }
}

/** A migrated database on its own, for tests below the HTTP layer. Closing it drops it. */
export async function openTestDatabase(): Promise<DatabaseConnection> {
  const database = await createTestDatabase();
  const connection =
    database.target.driver === 'pglite'
      ? await openPglite()
      : await openPostgres(database.target.url, () => {});
  return {
    ...connection,
    close: async () => {
      await connection.close();
      await database.release();
    },
  };
}
