import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppOverrides } from '#app/app.ts';
import { loadConfig } from '#app/config.ts';
import { repositoryRoot } from '#app/config/paths.ts';
import type { DatabaseConnection } from '#app/db/database.ts';
import { openPglite } from '#app/db/pglite.ts';
import { openPostgres } from '#app/db/postgres.ts';
import { createScratchDatabase } from './scratch-database.ts';

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
  // Background jobs run when a test says so (`app.jobs.runDue()`), not on a timer; no metrics
  // listener unless a test asks for one, so that parallel tests never fight over its port.
  const config = loadConfig({
    LOG_LEVEL: logLevel,
    WEB_DIST_DIR: noWebDist,
    JOB_POLL_MS: '0',
    METRICS_PORT: '0',
    ...env,
  });
  const database = await openTestDatabase();
  try {
    return await buildApp(config, { ...overrides, database });
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Another instance of `app` on the same database, as a deployment runs several, logging
 * nothing; close it before `app`, which closes the database.
 */
export function buildTestAppBeside(app: FastifyInstance): Promise<FastifyInstance> {
  return buildApp(
    { ...app.config, logLevel: 'silent' },
    {
      database: { ...app.database, close: () => Promise.resolve() },
    },
  );
}
