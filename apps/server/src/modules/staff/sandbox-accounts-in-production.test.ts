import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#app/app.ts';
import { users } from '#app/db/schema.ts';
import { startSession } from '#app/test/onboarding.ts';
import {
  sandboxStaffAccounts,
  sandboxSupportAccount,
  seedStaffAccounts,
} from '#app/sandbox/staff-accounts.ts';
import { bearer } from '#app/test/accounts.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { logCapture } from '#app/test/log-capture.ts';
import { productionEnv } from '#app/test/production.ts';
import { hashPassword } from '#app/security/password-hashing.ts';
import { createStaffService } from './service.ts';

const logs = logCapture();
let app: FastifyInstance;

/** A production database that was once started in sandbox mode: the seed's staff are on it. */
beforeAll(async () => {
  app = await buildTestApp(productionEnv, { logStream: logs.stream });
  await seedStaffAccounts(app.database.db);
});

afterAll(() => app.close());

/** Another production instance starting on the same database: the lines its start logged. */
async function startAgain() {
  const startLog = logCapture();
  const again = await buildApp(
    { ...app.config, logLevel: 'info' },
    { database: { ...app.database, close: () => Promise.resolve() }, logStream: startLog.stream },
  );
  await again.close();
  return startLog.events('sandbox_accounts_in_production');
}

async function idOf(phone: string) {
  const [row] = await app.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, phone));
  return row?.id ?? 0;
}

function login(phone: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/login', payload: { phone, password } });
}

describe('sandbox staff accounts on a database started in production mode', () => {
  it('cannot sign in: the answer is a wrong password’s, and the log says why', async () => {
    const refused = await login(sandboxSupportAccount.phone, sandboxSupportAccount.password);
    const wrong = await login(sandboxSupportAccount.phone, 'some other password');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(wrong.json());
    expect(logs.events('login_failed')).toContainEqual(
      expect.objectContaining({
        phone: sandboxSupportAccount.phone,
        reason: 'sandbox_account_in_production',
      }),
    );
  });

  it('finds their sessions refused', async () => {
    const token = await startSession(app, await idOf(sandboxSupportAccount.phone));
    const response = await app.inject({ url: '/api/checking/users', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
  });

  it('are named at start until they are disabled', async () => {
    const warned = await startAgain();
    expect(warned).toEqual([
      expect.objectContaining({
        level: 40,
        phones: sandboxStaffAccounts.map((account) => account.phone),
        msg: expect.stringContaining('npm run staff:disable') as string,
      }),
    ]);
    const operator = createStaffService({ db: app.database.db, clock: app.clock, log: app.log });
    for (const { phone } of sandboxStaffAccounts)
      await operator.disable(await idOf(phone), 'operator');
    expect(await startAgain()).toEqual([]);
  });

  it('includes one seeded before accounts were marked, while its published password holds', async () => {
    const [legacy, changed] = ['599000002', '599000003'];
    await app.database.db
      .update(users)
      .set({ disabledAt: app.clock.now() })
      .where(eq(users.isSandbox, true));
    await app.database.db
      .update(users)
      .set({ isSandbox: false, disabledAt: null })
      .where(eq(users.phone, legacy));
    await app.database.db
      .update(users)
      .set({
        isSandbox: false,
        disabledAt: null,
        passwordHash: await hashPassword('ოპერატორის პაროლი'),
      })
      .where(eq(users.phone, changed));
    expect(await startAgain()).toEqual([expect.objectContaining({ phones: [legacy] })]);
    const marks = await app.database.db
      .select({ phone: users.phone, isSandbox: users.isSandbox })
      .from(users)
      .where(eq(users.isSandbox, false));
    expect(marks.map((row) => row.phone)).toContain(changed);
    expect(marks.map((row) => row.phone)).not.toContain(legacy);
  });
});
