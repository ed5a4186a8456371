import { mkdir, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { repositoryRoot } from '#app/config/paths.ts';
import { migrationsFolder } from '#app/db/database.ts';
import { pgliteExtensions } from '#app/db/pglite.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated PGlite data folder as a tarball, to start test databases from. */
    pgliteTemplate: string;
  }
}

/**
 * Migrates one PGlite once per run; each test database loads that copy instead of running
 * initdb (a third of the time). Not needed when the tests run on PostgreSQL.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const path = resolve(repositoryRoot, '.test-data', `pglite-template-${process.pid}.tar`);
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    await mkdir(resolve(path, '..'), { recursive: true });
    await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('pgliteTemplate', path);
  return () => rm(path, { force: true });
}
