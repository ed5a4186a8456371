import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '#app/db/database.ts';
import { sessions, users } from '#app/db/schema.ts';
import { seedDatabase } from '#app/db/seed/seed.ts';
import { verifyPassword } from '#app/security/password-hashing.ts';
import { tokenHash } from '#app/security/tokens.ts';
import { openTestDatabase } from '#app/test/build-test-app.ts';
import { logCapture } from '#app/test/log-capture.ts';
import { testClock } from '#app/test/test-clock.ts';
import { createUserRepository } from '#app/modules/users/index.ts';
import { pino } from 'pino';
import { runStaffCommand } from './staff-commands.ts';

let database: DatabaseConnection;
const clock = testClock();
const logs = logCapture();

/** A database the server has started on once (migrated and seeded), in production mode. */
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDatabase(database.db);
});

afterAll(() => database.close());

/** Runs `npm run staff:<command> -- …args` on the test database. */
async function staff(command: string, ...args: string[]) {
  let out = '';
  let err = '';
  const code = await runStaffCommand(
    command,
    args,
    { db: database.db, clock, log: pino(logs.stream) },
    { out: (text) => (out += text), err: (text) => (err += text) },
  );
  return { code, out, err };
}

async function row(phone: string) {
  const [found] = await database.db.select().from(users).where(eq(users.phone, phone));
  return found;
}

const person = (phone: string, personalNumber: string, ...more: string[]) => [
  ...['--phone', phone, '--name', 'ნინო', '--surname', 'ბერიძე'],
  ...['--personal-number', personalNumber],
  ...more,
];

describe('npm run staff:create', () => {
  it('makes a person’s account with a temporary password, to be changed at the first sign-in', async () => {
    const result = await staff('create', ...person('598200001', '01234567890', '--role', 'admin'));
    expect(result).toMatchObject({ code: 0, err: '' });
    const password = /shown this once: (\S+)/.exec(result.out)?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(result.out).toContain('must be changed at the first sign-in');
    const account = await row('598200001');
    expect(account).toMatchObject({
      roles: ['admin'],
      identityNumber: '01234567890',
      mustChangePassword: true,
      isMachine: false,
      isSandbox: false,
    });
    expect(await verifyPassword(account?.passwordHash, password)).toBe(true);
    expect(logs.events('staff_created')).toContainEqual(
      expect.objectContaining({ userId: account?.id, actor: 'operator' }),
    );
  });

  it('asks a person for an eleven-digit personal number, and a service account for none', async () => {
    for (const args of [
      ['--phone', '598200002', '--name', 'ნინო', '--surname', 'ბერიძე'],
      person('598200002', '0123456789'),
      person('598200002', '012345678901'),
      person('598200002', '0123456789a'),
      person('598200002', '01234567891', '--machine'),
    ]) {
      const result = await staff('create', ...args);
      expect(result.code).toBe(1);
      expect(result.err).toContain('--personal-number');
      expect(result.err).toContain('Usage: npm run staff:create -w @sesxi/server --');
    }
    expect(await row('598200002')).toBeUndefined();
  });

  it('makes a service account with a long-lived token and no password to change', async () => {
    const result = await staff(
      'create',
      ...['--phone', '598200003', '--name', 'ბირთვი', '--surname', 'სისტემა', '--machine'],
      ...['--role', 'credit_officer'],
    );
    expect(result.code).toBe(0);
    const token = /shown this once: (\S+)/.exec(result.out)?.[1] ?? '';
    const account = await row('598200003');
    expect(account).toMatchObject({
      isMachine: true,
      mustChangePassword: false,
      identityNumber: null,
    });
    const [session] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash(token)));
    expect(session).toMatchObject({ userId: account?.id, longLived: true, revokedAt: null });
  });

  it('refuses a taken phone, and a personal number someone holds, naming their account', async () => {
    const taken = await staff('create', ...person('598200001', '01234567899'));
    expect(taken).toMatchObject({ code: 1, err: 'phone: This number is already registered\n' });
    const customer = await createUserRepository(database.db).insert({
      name: 'გიორგი',
      surname: 'ბერიძე',
      identityNumber: '01001000011',
      documentTypeId: 1,
      documentNumber: '13AB45678',
      phone: '598200009',
      passwordHash: 'x',
      phoneVerifiedAt: new Date(),
    });
    const holder = await staff('create', ...person('598200004', '01001000011'));
    expect(holder.code).toBe(1);
    expect(holder.err).toContain(`the account ${customer.phone} (გიორგი ბერიძე; no roles)`);
    expect(holder.err).toContain(
      `npm run staff:set-roles -w @sesxi/server -- --phone ${customer.phone}`,
    );
    expect(await row('598200004')).toBeUndefined();
  });
});

describe('npm run staff:list', () => {
  it('shows each staff account: roles, machine, the personal number masked, disabled, last sign-in', async () => {
    await database.db
      .update(users)
      .set({ lastSignedInAt: new Date('2026-11-20T10:00:00Z') })
      .where(eq(users.phone, '598200001'));
    const { code, out } = await staff('list');
    expect(code).toBe(0);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^id\s+phone\s+name\s+roles\s+machine\s+personal no\.\s+disabled\s+last sign-in\s+notes$/,
    );
    expect(lines.find((line) => line.includes('598200001'))).toMatch(
      /598200001\s+ნინო ბერიძე\s+admin\s+no\s+\*{7}7890\s+no\s+2026-11-20 14:00:00\s+temporary password$/,
    );
    expect(lines.find((line) => line.includes('598200003'))).toMatch(
      /598200003\s+ბირთვი სისტემა\s+credit_officer\s+yes\s+no\s+never$/,
    );
    expect(out).not.toContain('01234567890');
    expect(out).not.toContain('598200009');
  });
});

describe('npm run staff:disable, staff:enable', () => {
  it('disables an account, ending its sessions, and enables it again', async () => {
    const [session] = await database.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.phone, '598200003'));
    const disabled = await staff('disable', '--phone', '598200003');
    expect(disabled.code).toBe(0);
    expect(disabled.out).toContain('Disabled 598200003');
    expect((await row('598200003'))?.disabledAt).toEqual(clock.now());
    const [revoked] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, session?.id ?? 0));
    expect(revoked?.revokedAt).toEqual(clock.now());
    expect((await staff('list')).out).toMatch(
      /598200003.*yes\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/,
    );

    expect((await staff('enable', '--phone', '598200003')).code).toBe(0);
    expect((await row('598200003'))?.disabledAt).toBeNull();
  });

  it('answers an unknown phone, or a customer’s, with no staff account', async () => {
    for (const phone of ['598299999', '598200009']) {
      expect(await staff('disable', '--phone', phone)).toMatchObject({
        code: 1,
        err: `No staff account has the phone ${phone}.\n`,
      });
    }
    expect((await row('598200009'))?.disabledAt).toBeNull();
  });
});

describe('npm run staff:set-roles', () => {
  it('replaces the roles; a customer given roles becomes staff too, and --none makes them a customer again', async () => {
    const set = await staff(
      'set-roles',
      '--phone',
      '598200001',
      '--role',
      'support',
      '--role',
      'admin',
    );
    expect(set).toMatchObject({
      code: 0,
      out: 'Roles set: 598200001 (ნინო ბერიძე; support, admin).\n',
    });
    expect(
      (await staff('set-roles', '--phone', '598200009', '--role', 'credit_officer')).code,
    ).toBe(0);
    expect((await row('598200009'))?.isStaff).toBe(true);
    expect((await staff('set-roles', '--phone', '598200009', '--none')).code).toBe(0);
    expect((await row('598200009'))?.isStaff).toBe(false);
  });

  it('keeps a staff-only account at one role at least, and knows only the roles there are', async () => {
    expect(await staff('set-roles', '--phone', '598200001', '--none')).toMatchObject({
      code: 1,
      err: 'roles: A staff account keeps at least one role; to end its access, disable the account\n',
    });
    const unknown = await staff('set-roles', '--phone', '598200001', '--role', 'owner');
    expect(unknown.err).toContain('--role: unknown role owner');
    expect((await staff('set-roles', '--phone', '598200001')).err).toContain('Give --role');
    expect((await row('598200001'))?.roles).toEqual(['support', 'admin']);
  });
});

describe('npm run staff:revoke-tokens, staff:new-token', () => {
  it('ends every token of a service account, and issues a new one', async () => {
    const revoked = await staff('revoke-tokens', '--phone', '598200003');
    expect(revoked.out).toContain('Ended 0 session(s)');
    const issued = await staff('new-token', '--phone', '598200003');
    expect(issued.code).toBe(0);
    const token = /shown this once: (\S+)/.exec(issued.out)?.[1] ?? '';
    expect(token).toMatch(/^[\w-]{43}$/);
    const again = await staff('revoke-tokens', '--phone', '598200003');
    expect(again.out).toBe(
      'Ended 1 session(s) and token(s) of 598200003 (ბირთვი სისტემა; credit_officer).\n',
    );
    const [session] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash(token)));
    expect(session?.revokedAt).toEqual(clock.now());
    expect(logs.events('token_revoked')).toContainEqual(
      expect.objectContaining({ reason: 'staff_revoke', actor: 'operator', sessions: 1 }),
    );
  });

  it('issues tokens to service accounts only', async () => {
    expect(await staff('new-token', '--phone', '598200001')).toMatchObject({
      code: 1,
      err: 'phone: This is not a service account\n',
    });
  });
});

describe('npm run staff:set-personal-number', () => {
  it('sets the number of a person’s staff account, never of a service account or a customer', async () => {
    await database.db
      .update(users)
      .set({ identityNumber: null })
      .where(eq(users.phone, '598200001'));
    const set = await staff(
      'set-personal-number',
      '--phone',
      '598200001',
      '--personal-number',
      '01234500001',
    );
    expect(set).toMatchObject({
      code: 0,
      out: 'Personal number set: 598200001 (ნინო ბერიძე; support, admin), *******0001.\n',
    });
    expect((await row('598200001'))?.identityNumber).toBe('01234500001');

    const machine = await staff(
      'set-personal-number',
      '--phone',
      '598200003',
      '--personal-number',
      '01234500003',
    );
    expect(machine.code).toBe(1);
    expect(machine.err).toContain('personal-number: A personal number is set here only');
    const taken = await staff(
      'set-personal-number',
      '--phone',
      '598200001',
      '--personal-number',
      '01001000011',
    );
    expect(taken).toMatchObject({
      code: 1,
      err: 'personal-number: An account with this personal number already exists\n',
    });
    const malformed = await staff(
      'set-personal-number',
      '--phone',
      '598200001',
      '--personal-number',
      '1234',
    );
    expect(malformed.err).toContain('--personal-number: eleven digits');
    expect((await row('598200001'))?.identityNumber).toBe('01234500001');
  });
});

it('names the commands when given none it knows', async () => {
  expect(await staff('remove')).toMatchObject({
    code: 1,
    err: expect.stringContaining('staff:create, staff:list, staff:disable') as string,
  });
});
