import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '#app/test/command-line.ts';
import { staffCommands } from './staff-commands.ts';

const script = resolve(import.meta.dirname, 'staff.ts');
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sesxi-cli-'));
});

afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('the staff commands', () => {
  it('are npm scripts of the server, staff:create the one name for making an account', async () => {
    const { scripts } = JSON.parse(
      await readFile(resolve(import.meta.dirname, '../../package.json'), 'utf8'),
    ) as { scripts: Record<string, string> };
    for (const command of staffCommands) {
      expect(scripts[`staff:${command}`]).toBe(`node src/cli/staff.ts ${command}`);
    }
    expect(scripts['support:create']).toBeUndefined();
  });

  it('run on the configured database, one process each', async () => {
    const created = await runScript(
      script,
      dataDir,
      ...['create', '--phone', '598111222', '--name', 'ნინო', '--surname', 'ბერიძე'],
      ...['--personal-number', '01234567890', '--role', 'credit_officer'],
    );
    expect(created).toMatchObject({ code: 0, stderr: '' });
    expect(created.stdout).toMatch(
      /^Staff account 598111222 \(ნინო ბერიძე; credit_officer\) created\./,
    );
    const listed = await runScript(script, dataDir, 'list');
    expect(listed.stdout).toMatch(/598111222\s+ნინო ბერიძე\s+credit_officer\s+no\s+\*{7}7890/);
    // Two processes each start an embedded database: slow on a busy machine.
  }, 240_000);
});
