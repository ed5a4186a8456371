import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOverrides } from '#app/app.ts';
import { loadConfig, repositoryRoot } from '#app/config.ts';
import type { DatabaseConnection } from '#app/db/database.ts';
import { openPglite } from '#app/db/pglite.ts';
import { openPostgres } from '#app/db/postgres.ts';

/**
 * A fresh, migrated, empty database: PGlite in memory (started from the migrated template that
 * global-setup.ts made), or, when TEST_DATABASE_URL names a PostgreSQL server, a new uniquely
 * named database there. Closing the connection drops that database, so nothing is left over.
 */
export async function openTestDatabase(): Promise<DatabaseConnection> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = new Blob([await readFile(inject('pgliteTemplate'))]);
    return openPglite({ template });
  }
  const scratch = await createScratchDatabase(serverUrl);
  const connection = await openPostgres(scratch.url, () => {});
  return {
    ...connection,
    close: async () => {
      await connection.close();
      await scratch.drop();
    },
  };
}

/** A new, empty, uniquely named database on the PostgreSQL server at `serverUrl`. */
export async function createScratchDatabase(serverUrl: string) {
  const name = `sesxi_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`),
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
 * environment variables (see config.ts), `overrides` the clock and the log (which then logs at
 * info). Closing the app drops its
 * database.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  overrides: Omit<AppOverrides, 'database'> = {},
): Promise<FastifyInstance> {
  const logLevel = overrides.logStream ? 'info' : 'silent';
  const config = loadConfig({ LOG_LEVEL: logLevel, WEB_DIST_DIR: noWebDist, ...env });
  const database = await openTestDatabase();
  try {
    return await buildApp(config, { ...overrides, database });
  } catch (error) {
    await database.close();
    throw error;
  }
}
