import { readdir } from 'node:fs/promises';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '#app/test/scratch-database.ts';
import { migrationsFolder } from './database.ts';
import { openPostgres } from './postgres.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('PostgreSQL migrations', () => {
  it('run once when several instances start on an empty database at the same time', async () => {
    const scratch = await createScratchDatabase(serverUrl ?? '');
    try {
      const instances = await Promise.all(
        Array.from({ length: 4 }, () => openPostgres(scratch.url, () => {})),
      );
      await Promise.all(instances.map((instance) => instance.close()));
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      const applied = await client.query<{ count: number }>(
        'select count(*)::int as count from drizzle.__drizzle_migrations',
      );
      await client.end();
      const migrations = (await readdir(migrationsFolder)).filter((file) => file.endsWith('.sql'));
      expect(applied.rows[0]?.count).toBe(migrations.length);
    } finally {
      await scratch.drop();
    }
  });
});
