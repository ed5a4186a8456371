import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '#app/db/pglite.ts';
import { runScript } from '#app/test/command-line.ts';
import { sessions, users } from '#app/db/schema.ts';
import { verifyPassword } from '#app/security/password-hashing.ts';
import { tokenHash } from '#app/security/tokens.ts';

const script = resolve(import.meta.dirname, 'create-support-account.ts');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sesxi-cli-'));
});

afterAll(() => rm(dataDir, { recursive: true, force: true }));

const run = (...args: string[]) => runScript(script, dataDir, ...args);

describe('npm run support:create', () => {
  it('creates a support account and prints its first password once', async () => {
    const result = await run('--phone', '598111222', '--name', 'ნინო', '--surname', 'ბერიძე');
    expect(result.code).toBe(0);
    const password = /shown this once: (\S+)/.exec(result.stdout)?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);

    const again = await run('--phone', '598111222', '--name', 'სხვა', '--surname', 'პირი');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');

    const database = await openPglite({ dataDir: join(dataDir, 'pglite') });
    try {
      const [user] = await database.db.select().from(users).where(eq(users.phone, '598111222'));
      expect(user).toMatchObject({ name: 'ნინო', surname: 'ბერიძე', roles: ['support'] });
      expect(await verifyPassword(user?.passwordHash, password)).toBe(true);
    } finally {
      await database.close();
    }
    // Two processes each start an embedded database: slow on a busy machine.
  }, 180_000);

  it('gives the roles asked for, and makes a service account with a long-lived token', async () => {
    const officer = await run(
      ...['--phone', '598111223', '--name', 'ლევან', '--surname', 'გიორგაძე'],
      ...['--role', 'credit_officer', '--role', 'support'],
    );
    expect(officer.code).toBe(0);
    const machine = await run(
      ...['--phone', '598111224', '--name', 'ბირთვი', '--surname', 'სისტემა'],
      ...['--role', 'credit_officer', '--machine'],
    );
    expect(machine.code).toBe(0);
    const token = /shown this once: (\S+)/.exec(machine.stdout)?.[1] ?? '';
    expect(token).toMatch(/^[\w-]{43}$/);

    const database = await openPglite({ dataDir: join(dataDir, 'pglite') });
    try {
      const [human] = await database.db.select().from(users).where(eq(users.phone, '598111223'));
      expect(human).toMatchObject({ roles: ['credit_officer', 'support'], isMachine: false });
      const [service] = await database.db.select().from(users).where(eq(users.phone, '598111224'));
      expect(service).toMatchObject({ roles: ['credit_officer'], isMachine: true });
      const [session] = await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, tokenHash(token)));
      expect(session).toMatchObject({ userId: service?.id, longLived: true, revokedAt: null });
    } finally {
      await database.close();
    }
  }, 240_000);

  it('explains its usage when a value is missing or malformed', async () => {
    for (const args of [
      ['--phone', '12345', '--name', 'ნინო'],
      ['--phone', '598111225', '--name', 'ნინო', '--surname', 'ბ', '--role', 'admin'],
    ]) {
      const result = await run(...args);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Usage: npm run support:create');
    }
  });
});
