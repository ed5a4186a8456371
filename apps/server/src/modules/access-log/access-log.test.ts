import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '#app/db/database.ts';
import { accessLog, users } from '#app/db/schema.ts';
import { openTestDatabase } from '#app/test/build-test-app.ts';
import { createAccessLogRepository } from './repository.ts';

let database: DatabaseConnection;
let actorUserId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  const [actor] = await database.db
    .insert(users)
    .values({
      name: 'თამარ',
      surname: 'ლომიძე',
      phone: '599000002',
      passwordHash: 'x',
      roles: ['support'],
    })
    .returning({ id: users.id });
  actorUserId = actor?.id ?? 0;
  const log = createAccessLogRepository(database.db);
  for (const [index, action] of (['users.list', 'users.show'] as const).entries()) {
    await log.append({
      actorUserId,
      subjectUserIds: [7, 8],
      action,
      details: { search: 'ბერ' },
      ip: '203.0.113.7',
      at: new Date(Date.UTC(2026, 10, 23, 10, index)),
    });
  }
});

afterAll(() => database.close());

const allRows = () => database.db.select().from(accessLog).orderBy(accessLog.id);

describe('the access log table', () => {
  it.each([
    ['UPDATE', () => database.db.update(accessLog).set({ ip: '0.0.0.0' })],
    ['DELETE', () => database.db.delete(accessLog).where(eq(accessLog.action, 'users.list'))],
    ['TRUNCATE', () => database.db.execute(sql`truncate ${accessLog}`)],
  ])('refuses %s, even to the application’s own role', async (_statement, statement) => {
    const before = await allRows();
    const failure = await statement().catch((error: unknown) => error);
    expect((failure as Error).cause).toMatchObject({ message: 'access_log is append-only' });
    expect(await allRows()).toEqual(before);
  });

  it('refuses actions it does not know', async () => {
    await expect(
      database.db.execute(
        sql`insert into ${accessLog} (actor_user_id, subject_user_ids, action, ip)
            values (${actorUserId}, '{1}', 'users.delete', '::1')`,
      ),
    ).rejects.toThrow();
  });
});

describe('pageForSubject', () => {
  it('lists the reads of one customer, newest first, with the reader and the total', async () => {
    const log = createAccessLogRepository(database.db);
    const page = await log.pageForSubject(8, { limit: 1, offset: 0 });
    expect(page.total).toBe(2);
    expect(page.rows).toEqual([
      {
        id: expect.any(Number) as number,
        action: 'users.show',
        ip: '203.0.113.7',
        createdAt: new Date(Date.UTC(2026, 10, 23, 10, 1)),
        actorId: actorUserId,
        actorName: 'თამარ',
        actorSurname: 'ლომიძე',
      },
    ]);
    expect((await log.pageForSubject(9, { limit: 10, offset: 0 })).total).toBe(0);
  });
});
