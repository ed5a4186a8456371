import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

let parent: string;
let dataDir: string;

beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), 'sesxi-lock-'));
  dataDir = join(parent, 'pglite');
});

afterEach(() => rm(parent, { recursive: true, force: true }));

describe('lockDataDir', () => {
  it('creates the folder and a lock file naming this process, removed on release', async () => {
    const release = await lockDataDir(dataDir);
    expect(await readFile(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    await release();
    await expect(readFile(`${dataDir}.lock`, 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('refuses a folder that a running process holds', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await writeFile(`${dataDir}.lock`, String(other.pid));
      await expect(lockDataDir(dataDir)).rejects.toThrow(
        `The database folder ${dataDir} is in use by process ${String(other.pid)}`,
      );
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    await writeFile(`${dataDir}.lock`, String(gone.pid));
    const release = await lockDataDir(dataDir);
    expect(await readFile(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    await release();
  });
});
