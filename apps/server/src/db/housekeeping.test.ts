import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '#app/db/database.ts';
import { createRateCounters } from '#app/security/rate-counters.ts';
import { pendingSsoToken } from '#app/test/accounts.ts';
import { openTestDatabase } from '#app/test/build-test-app.ts';
import { pruneExpired } from './housekeeping.ts';
import { rateCounters, ssoTransactions } from './schema.ts';

let database: DatabaseConnection;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(() => database.close());

const hour = 3_600_000;

describe('pruneExpired', () => {
  it('deletes counter windows over two days old and transactions a day past expiry', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const ago = (hours: number) => new Date(now.getTime() - hours * hour);
    const counters = createRateCounters(database.db);
    const cap = { limit: 5, windowMs: hour };
    await counters.hit('old', cap, ago(49));
    await counters.hit('recent', cap, ago(47));
    await pendingSsoToken(database.db, ago(25));
    await pendingSsoToken(database.db, ago(23));

    await pruneExpired(database.db, now);

    const keys = await database.db.select({ key: rateCounters.key }).from(rateCounters);
    expect(keys).toEqual([{ key: 'recent' }]);
    const transactions = await database.db.select().from(ssoTransactions);
    expect(transactions).toHaveLength(1);
  });
});
