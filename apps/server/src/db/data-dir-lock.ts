import { mkdir, open, readFile, rm } from 'node:fs/promises';

/**
 * Two processes opening one PGlite folder corrupt it, so the folder gets a lock file holding
 * the owner's process id. A lock left by a process that no longer runs is taken over.
 * Resolves to the function that releases the lock.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const file = await open(lockPath, 'wx');
      await file.writeFile(String(process.pid));
      await file.close();
      return () => rm(lockPath, { force: true });
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
      const owner = Number(await readFile(lockPath, 'utf8').catch(() => ''));
      if (isRunning(owner)) {
        throw new Error(
          `The database folder ${dataDir} is in use by process ${owner}. Stop that process, ` +
            `or set DATA_DIR to another folder. If no such process runs, delete ${lockPath}.`,
          { cause: error },
        );
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the database folder ${dataDir}: delete ${lockPath} and retry.`);
}

function isAlreadyExists(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST';
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}
