import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#app/db/database.ts';
import { buildTestApp } from './build-test-app.ts';
import { onPostgres, raceAt } from './race.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
  await app.database.db.execute(sql`create table race_counter (id int primary key, n int)`);
});

afterAll(() => app.close());

/** Reads the counter and writes it back one higher, in a transaction, locking the row or not. */
async function increment(lock: boolean) {
  await app.database.db.transaction(async (tx) => {
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(
        lock
          ? sql`select n from race_counter where id = 1 for update`
          : sql`select n from race_counter where id = 1`,
      ),
    );
    await tx.execute(sql`update race_counter set n = ${(row?.n ?? 0) + 1} where id = 1`);
  });
}

async function raceTwoIncrements(lock: boolean): Promise<number> {
  await app.database.db.execute(sql`delete from race_counter`);
  await app.database.db.execute(sql`insert into race_counter values (1, 0)`);
  const race = raceAt(app, /from race_counter/);
  await Promise.all([increment(lock), increment(lock)]);
  await race.finish();
  const [row] = rowsOf<{ n: number }>(
    await app.database.db.execute(sql`select n from race_counter where id = 1`),
  );
  return row?.n ?? 0;
}

describe.runIf(onPostgres)('a race made to meet (PostgreSQL)', () => {
  it('loses an update when the read takes no lock: both parties read before either writes', async () => {
    expect(await raceTwoIncrements(false)).toBe(1);
  });

  it('keeps both updates when the read locks the row: the second party waits for the first', async () => {
    expect(await raceTwoIncrements(true)).toBe(2);
  });

  it('fails a test whose parties never meet', async () => {
    const race = raceAt(app, /from race_counter/, { timeoutMs: 200 });
    await increment(true);
    await expect(race.finish()).rejects.toThrow(/never met/);
  });
});
