import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { FileNotFoundError, requireStorageKey, type FileStorage } from './file-storage.ts';

/**
 * Files in a local folder (by default `<DATA_DIR>/uploads`), readable by the server's user
 * only. A file is written under a temporary name and renamed into place, so a failed write
 * never leaves half a file under its key.
 */
export function createLocalFolderStorage(folder: string): FileStorage {
  const pathOf = (key: string) => join(folder, requireStorageKey(key));

  return {
    async put(key, content) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const partial = `${path}.${randomUUID()}.partial`;
      try {
        await writeFile(partial, content, { mode: 0o600, flag: 'wx' });
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async read(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) throw new FileNotFoundError(key);
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}
