import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type DatabaseConnection } from '../apps/server/src/db/database.ts';
import { openPglite } from '../apps/server/src/db/pglite.ts';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { seedDatabase } from '../apps/server/src/db/seed/seed.ts';
import { createSupportRepository } from '../apps/server/src/modules/support/index.ts';
import { insertBulkCustomers } from '../apps/server/src/test/bulk-customers.ts';
import { createScratchDatabase } from '../apps/server/src/test/scratch-database.ts';
import { report, type Measurement } from './measurement.ts';

/** design.md's goal for a page with its total at a million users on PostgreSQL. */
const budgetMs = 20;
const searchIndex = 'users_search_text_trgm';

interface Target {
  connection: DatabaseConnection;
  label: string;
  drop: () => Promise<void>;
}

/**
 * A fresh database to fill: a database of its own on the PostgreSQL server of
 * `BENCH_DATABASE_URL`, dropped afterwards, or PGlite in memory.
 */
async function openTarget(serverUrl: string | undefined): Promise<Target> {
  if (serverUrl === undefined) {
    return { connection: await openPglite(), label: 'PGlite', drop: () => Promise.resolve() };
  }
  const scratch = await createScratchDatabase(serverUrl);
  try {
    return {
      connection: await openPostgres(scratch.url, () => {}),
      label: 'PostgreSQL',
      drop: scratch.drop,
    };
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

async function one<Row>(db: Database, query: ReturnType<typeof sql>): Promise<Row> {
  const [row] = rowsOf<Row>(await db.execute(query));
  if (row === undefined) throw new Error('the query answered no row');
  return row;
}

/**
 * `count` customers as fast as PostgreSQL takes them: the trigram index is dropped during the
 * insert and built again afterwards, exactly as the migration defined it.
 */
async function seed(db: Database, count: number): Promise<void> {
  await seedDatabase(db);
  const { indexdef } = await one<{ indexdef: string }>(
    db,
    sql`select indexdef from pg_indexes where indexname = ${searchIndex}`,
  );
  await db.execute(sql.raw(`drop index ${searchIndex}`));
  await insertBulkCustomers(db, { count, phonePrefix: '5', identityPrefix: '' });
  await db.execute(sql.raw(indexdef));
  await db.execute(sql`vacuum analyze users`);
}

/** What support types: fragments of each field, taken from a customer in the middle. */
async function searchTerms(db: Database, count: number) {
  const middle = await one<{ identity_number: string; phone: string }>(
    db,
    sql`select identity_number, phone from users where not is_staff order by id
        offset ${Math.floor(count / 2)} limit 1`,
  );
  return [
    ['empty search', ''],
    ['surname fragment', 'ბერიძ'],
    ['broad surname fragment', 'შვილი'],
    ['personal-number fragment', middle.identity_number.slice(3, 8)],
    ['phone fragment', middle.phone.slice(2, 8)],
    ['rare term (a personal number)', middle.identity_number],
  ] as const;
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * p50 and p95 of the service's own page-with-total statement (its access-log row included),
 * after warming up; a customer stands in for the support reader.
 */
async function timeSearch(db: Database, search: string, samples: number) {
  const repository = createSupportRepository(db);
  const { id: actorUserId } = await one<{ id: number }>(db, sql`select min(id) as id from users`);
  const read = { actorUserId, action: 'users.list' as const, details: { search }, ip: '127.0.0.1' };
  const page = () =>
    repository.customerPage({ search, limit: 15, offset: 0 }, { ...read, at: new Date() });
  for (let warm = 0; warm < 2; warm++) await page();
  const times: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const started = performance.now();
    await page();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

/**
 * The support table's search at scale (`npm run bench`): seeds BENCH_USERS customers
 * (default 1,000,000 on the PostgreSQL server of BENCH_DATABASE_URL, 20,000 on PGlite), then
 * times the first page with its total for several search terms, with the trigram index and,
 * after dropping it in the same run, without. The p95 with the index on PostgreSQL is held to
 * the 20 ms budget.
 */
export async function supportSearchBenchmark(): Promise<Measurement[]> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const count = Number(process.env.BENCH_USERS ?? (serverUrl ? 1_000_000 : 20_000));
  if (!Number.isInteger(count) || count < 100) throw new Error('BENCH_USERS: at least 100');
  const target = await openTarget(serverUrl);
  const { db } = target.connection;
  try {
    const seeding = performance.now();
    await seed(db, count);
    const scale = `${count.toLocaleString('en')} users, ${target.label}`;
    console.log(`seeded ${scale} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const terms = await searchTerms(db, count);
    const measurements: Measurement[] = [];
    for (const [withIndex, samples] of [
      [true, 40],
      [false, 5],
    ] as const) {
      if (!withIndex) await db.execute(sql.raw(`drop index ${searchIndex}`));
      for (const [name, search] of terms) {
        const { p50, p95 } = await timeSearch(db, search, samples);
        const label = `support ${name}${withIndex ? '' : ', NO INDEX'} (${scale})`;
        measurements.push(
          { name: `${label}: p50`, value: p50, unit: 'ms' },
          {
            name: `${label}: p95`,
            value: p95,
            unit: 'ms',
            ...(withIndex && target.label === 'PostgreSQL' && { budget: budgetMs }),
          },
        );
      }
    }
    return measurements;
  } finally {
    await target.connection.close();
    await target.drop();
  }
}

// `node bench/support-search.ts` runs this benchmark alone, without building the web app.
if (import.meta.main && !report(await supportSearchBenchmark())) process.exitCode = 1;
