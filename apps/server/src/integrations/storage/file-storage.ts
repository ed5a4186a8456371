import { randomUUID } from 'node:crypto';

/**
 * Where uploaded files live: a local folder by default, an S3-compatible bucket in production.
 * Files are kept under keys the server makes up (`newStorageKey`), never under a name a client
 * chose, and never in a folder the web server serves.
 */
export interface FileStorage {
  /** Stores `content` under `key` whole, or not at all. */
  put(key: string, content: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes; FileNotFoundError when nothing is stored under `key`. */
  read(key: string): Promise<Buffer>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
}

export class FileNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored file under ${key}`);
    this.name = 'FileNotFoundError';
  }
}

/** A folder name, a slash and a random UUID: nothing a client can steer (no `..`, no `/`). */
const storageKeyFormat =
  /^[a-z][a-z0-9-]*\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new random key in `folder`, e.g. `bank-statements/3f0c…`. */
export function newStorageKey(folder: string): string {
  return requireStorageKey(`${folder}/${randomUUID()}`);
}

/** Every implementation checks the key first: only keys `newStorageKey` makes are accepted. */
export function requireStorageKey(key: string): string {
  if (!storageKeyFormat.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}
