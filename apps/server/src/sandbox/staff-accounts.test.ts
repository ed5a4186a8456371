import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalNumber } from '@sesxi/contract';
import { users } from '#app/db/schema.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { sandboxStaffToken } from '#app/test/accounts.ts';
import { seededIdentities } from './identity-provider/identities.ts';
import { sandboxAdminAccount, sandboxStaffAccounts, seedStaffAccounts } from './staff-accounts.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

afterAll(() => app.close());

const rowOf = async (phone: string) =>
  (await app.database.db.select().from(users).where(eq(users.phone, phone)))[0];

describe('the sandbox staff accounts', () => {
  it('each carry a personal number of their own that picks no sandbox outcome', () => {
    const numbers = sandboxStaffAccounts.map((account) => account.personalNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const number of numbers) {
      expect(personalNumber.safeParse(number).success).toBe(true);
      expect(Number(number.slice(-2))).not.toSatisfy(
        (ending: number) => ending >= 91 && ending <= 98,
      );
      expect(seededIdentities.map((identity) => identity.personalNumber)).not.toContain(number);
    }
  });

  it('are seeded marked as the sandbox’s, with their numbers and their published passwords kept', async () => {
    for (const account of sandboxStaffAccounts) {
      expect(await rowOf(account.phone)).toMatchObject({
        roles: account.roles,
        identityNumber: account.personalNumber,
        isSandbox: true,
        mustChangePassword: false,
        disabledAt: null,
      });
    }
    const token = await sandboxStaffToken(app, sandboxAdminAccount);
    const staff = await app.inject({
      url: '/api/staff',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(staff.statusCode).toBe(200);
  });

  it('marks an account an earlier seed made, and numbers it when the number is free', async () => {
    const [officer, editor] = [sandboxStaffAccounts[1], sandboxStaffAccounts[3]];
    const unmarked = { isSandbox: false, identityNumber: null };
    await app.database.db
      .update(users)
      .set(unmarked)
      .where(eq(users.phone, officer?.phone ?? ''));
    await app.database.db
      .update(users)
      .set(unmarked)
      .where(eq(users.phone, editor?.phone ?? ''));
    // A customer registered meanwhile with the editor's number keeps it.
    await app.database.db
      .update(users)
      .set({ identityNumber: editor?.personalNumber })
      .where(eq(users.phone, sandboxAdminAccount.phone));
    await seedStaffAccounts(app.database.db);
    expect(await rowOf(officer?.phone ?? '')).toMatchObject({
      isSandbox: true,
      identityNumber: officer?.personalNumber,
    });
    expect(await rowOf(editor?.phone ?? '')).toMatchObject({
      isSandbox: true,
      identityNumber: null,
    });
  });
});
