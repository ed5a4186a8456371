import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type DatabaseConnection } from '#app/db/database.ts';
import {
  jobs,
  phoneCodes,
  rateCounters,
  sessions,
  ssoTransactions,
  users,
} from '#app/db/schema.ts';
import { createRateCounters } from '#app/security/rate-counters.ts';
import { pendingSsoToken } from '#app/test/accounts.ts';
import { openTestDatabase } from '#app/test/build-test-app.ts';
import { pruneExpired } from './prune.ts';

let database: DatabaseConnection;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(() => database.close());

const hour = 3_600_000;
const now = new Date('2026-11-23T12:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * hour);

describe('pruneExpired', () => {
  it('deletes counter windows over two days old and transactions a day past expiry', async () => {
    const counters = createRateCounters(database.db);
    const cap = { limit: 5, windowMs: hour };
    await counters.hit('old', cap, ago(49));
    await counters.hit('recent', cap, ago(47));
    await pendingSsoToken(database.db, ago(25));
    await pendingSsoToken(database.db, ago(23));

    expect(await pruneExpired(database.db, now)).toBe(true);

    const keys = await database.db.select({ key: rateCounters.key }).from(rateCounters);
    expect(keys).toEqual([{ key: 'recent' }]);
    const transactions = await database.db.select().from(ssoTransactions);
    expect(transactions).toHaveLength(1);
  });

  it('deletes sessions a day after they ended, keeping live ones and service tokens', async () => {
    const [staff] = await database.db
      .insert(users)
      .values({
        name: 'ა',
        surname: 'ბ',
        phone: '597000123',
        passwordHash: 'x',
        roles: ['support'],
      })
      .returning({ id: users.id });
    const userId = staff?.id ?? 0;
    const session = (tokenHash: string, values: Partial<typeof sessions.$inferInsert>) => ({
      tokenHash,
      userId,
      createdAt: ago(1),
      lastUsedAt: ago(1),
      ...values,
    });
    await database.db
      .insert(sessions)
      .values([
        session('live', {}),
        session('revoked-long-ago', { revokedAt: ago(25) }),
        session('revoked-lately', { revokedAt: ago(2) }),
        session('idle-long-ago', { lastUsedAt: ago(25) }),
        session('begun-long-ago', { createdAt: ago(37) }),
        session('service', { createdAt: ago(24 * 90), lastUsedAt: ago(24 * 90), longLived: true }),
      ]);
    await database.db.insert(phoneCodes).values([
      {
        phone: '597000123',
        purpose: 'registration',
        codeHash: 'x',
        sentIp: '::1',
        createdAt: ago(30),
        expiresAt: ago(29),
      },
      {
        phone: '597000124',
        purpose: 'registration',
        codeHash: 'x',
        sentIp: '::1',
        createdAt: ago(2),
        expiresAt: ago(1),
      },
    ]);
    await database.db.insert(jobs).values([
      { kind: 'test', payload: {}, runAt: ago(200), createdAt: ago(200), doneAt: ago(24 * 8) },
      { kind: 'test', payload: {}, runAt: ago(200), createdAt: ago(200), doneAt: ago(24 * 6) },
      { kind: 'test', payload: {}, runAt: ago(200), createdAt: ago(200) },
    ]);

    await pruneExpired(database.db, now);

    const left = await database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(left.map((row) => row.tokenHash).sort()).toEqual(['live', 'revoked-lately', 'service']);
    const codes = await database.db.select({ phone: phoneCodes.phone }).from(phoneCodes);
    expect(codes).toEqual([{ phone: '597000124' }]);
    expect(await database.db.select().from(jobs)).toHaveLength(2);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'lets one instance at a time prune: another that finds it busy skips',
    async () => {
      const [current] = rowsOf<{ name: string }>(
        await database.db.execute(sql`select current_database() as name`),
      );
      const url = current?.name;
      const other = new URL(process.env.TEST_DATABASE_URL ?? '');
      other.pathname = `/${url ?? ''}`;
      const holder = new pg.Client({ connectionString: other.href });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('select pg_advisory_xact_lock(7356022)');
        expect(await pruneExpired(database.db, now)).toBe(false);
        await holder.query('commit');
        expect(await pruneExpired(database.db, now)).toBe(true);
      } finally {
        await holder.end();
      }
    },
  );
});
