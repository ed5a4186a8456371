import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '#app/db/database.ts';
import { createUserRepository } from '#app/modules/users/index.ts';
import { openTestDatabase } from '#app/test/build-test-app.ts';
import { violatedCheckConstraint, violatedUniqueConstraint } from './constraint-violation.ts';

let database: DatabaseConnection;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(() => database.close());

const supportUser = { name: 'ა', surname: 'ბ', passwordHash: 'x', roles: ['support' as const] };

describe('violatedUniqueConstraint', () => {
  it('names the unique constraint a write broke, through Drizzle’s wrapping', async () => {
    const users = createUserRepository(database.db);
    await users.insert({ ...supportUser, phone: '598000001' });
    const failure = await users
      .insert({ ...supportUser, phone: '598000001' })
      .catch((error: unknown) => error);
    expect(violatedUniqueConstraint(failure)).toBe('users_phone_unique');
  });

  it('answers undefined for any other error', async () => {
    const failure = await createUserRepository(database.db)
      .insert({ ...supportUser, phone: 'not a phone' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(violatedUniqueConstraint(failure)).toBeUndefined();
    expect(violatedUniqueConstraint(new Error('x'))).toBeUndefined();
  });
});

describe('violatedCheckConstraint', () => {
  it('names the check constraint a write broke, and nothing for another error', async () => {
    const users = createUserRepository(database.db);
    const failure = await users
      .insert({ ...supportUser, phone: 'not a phone' })
      .catch((error: unknown) => error);
    expect(violatedCheckConstraint(failure)).toBe('users_phone_format');
    const taken = await users
      .insert({ ...supportUser, phone: '598000002' })
      .then(() => users.insert({ ...supportUser, phone: '598000002' }))
      .catch((error: unknown) => error);
    expect(violatedCheckConstraint(taken)).toBeUndefined();
  });
});
