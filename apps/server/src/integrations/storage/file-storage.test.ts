import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '#app/errors.ts';
import { startFakeS3, type FakeS3 } from '#app/test/fake-s3.ts';
import { FileNotFoundError, newStorageKey, type FileStorage } from './file-storage.ts';
import { createLocalFolderStorage } from './local-folder-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/** What every FileStorage must do, whichever is configured. */
function fileStorageContract(name: string, storage: () => FileStorage) {
  describe(`${name} (FileStorage contract)`, () => {
    it('gives back exactly the bytes it stored', async () => {
      const key = newStorageKey('bank-statements');
      const content = randomBytes(256 * 1024);
      await storage().put(key, content, 'application/pdf');
      expect((await storage().read(key)).equals(content)).toBe(true);
    });

    it('keeps files under different keys apart', async () => {
      const [first, second] = [newStorageKey('bank-statements'), newStorageKey('bank-statements')];
      await storage().put(first, Buffer.from('first'), 'image/png');
      await storage().put(second, Buffer.from('second'), 'image/png');
      expect((await storage().read(first)).toString()).toBe('first');
      expect((await storage().read(second)).toString()).toBe('second');
    });

    it('answers FileNotFoundError for a key with nothing stored', async () => {
      await expect(storage().read(newStorageKey('bank-statements'))).rejects.toBeInstanceOf(
        FileNotFoundError,
      );
    });

    it('deletes a file, and deleting it again is no error', async () => {
      const key = newStorageKey('bank-statements');
      await storage().put(key, Buffer.from('%PDF-1.4'), 'application/pdf');
      await storage().delete(key);
      await expect(storage().read(key)).rejects.toBeInstanceOf(FileNotFoundError);
      await expect(storage().delete(key)).resolves.toBeUndefined();
    });

    it.each(['../../etc/passwd', 'bank-statements/../../x', '/tmp/x', 'bank-statements/x', ''])(
      'refuses the key %j, which newStorageKey never makes',
      async (key) => {
        await expect(storage().put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(
          'not a storage key',
        );
        await expect(storage().read(key)).rejects.toThrow('not a storage key');
        await expect(storage().delete(key)).rejects.toThrow('not a storage key');
      },
    );
  });
}

// --- the local folder ------------------------------------------------------------------------

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'sesxi-storage-'));
});

afterAll(() => rm(folder, { recursive: true, force: true }));

fileStorageContract('local folder', () => createLocalFolderStorage(folder));

describe('local folder', () => {
  it('creates its folder on the first file, readable by the server’s user only', async () => {
    const root = join(folder, 'fresh');
    const storage = createLocalFolderStorage(root);
    await expect(readdir(root)).rejects.toMatchObject({ code: 'ENOENT' });
    const key = newStorageKey('bank-statements');
    await storage.put(key, Buffer.from('x'), 'image/png');
    expect((await stat(join(root, key))).mode & 0o777).toBe(0o600);
    expect((await stat(join(root, 'bank-statements'))).mode & 0o777).toBe(0o700);
    expect(await readdir(join(root, 'bank-statements'))).toEqual([key.split('/')[1]]);
  });
});

// --- an S3-compatible bucket, played by a local fake ------------------------------------------

const credentials = { accessKeyId: 'sesxi-test', secretAccessKey: 'test-secret' };
let s3: FakeS3;

beforeAll(async () => {
  s3 = await startFakeS3({ bucket: 'statements', accessKeyId: credentials.accessKeyId });
});

afterAll(() => {
  s3.close();
});

beforeEach(() => {
  s3.setMode('normal');
});

function bucket(options: { timeoutMs?: number; accessKeyId?: string } = {}) {
  return createS3Storage(
    {
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'statements',
      ...credentials,
      accessKeyId: options.accessKeyId ?? credentials.accessKeyId,
    },
    { timeoutMs: options.timeoutMs },
  );
}

fileStorageContract('S3 bucket', () => bucket());

describe('S3 bucket', () => {
  it('puts the object under its key in the bucket with its content type', async () => {
    const key = newStorageKey('bank-statements');
    await bucket().put(key, Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(s3.objects.get(key)).toEqual({
      body: Buffer.from('%PDF-1.4'),
      contentType: 'application/pdf',
    });
  });

  it.each([
    ['refuses the credentials', () => bucket({ accessKeyId: 'someone-else' })],
    [
      'fails',
      () => {
        s3.setMode('failing');
        return bucket();
      },
    ],
  ])('turns a bucket that %s into ServiceUnavailableError', async (_case, storage) => {
    const failure = await storage()
      .put(newStorageKey('bank-statements'), Buffer.from('x'), 'image/png')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceUnavailableError);
    expect(failure).toMatchObject({ statusCode: 503, service: 'storage' });
  });

  it('gives up after its timeout', async () => {
    s3.setMode('silent');
    const started = performance.now();
    await expect(
      bucket({ timeoutMs: 200 }).read(newStorageKey('bank-statements')),
    ).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('answers ServiceUnavailableError when the service cannot be reached', async () => {
    const unreachable = createS3Storage({
      endpoint: 'http://127.0.0.1:1',
      region: 'us-east-1',
      bucket: 'statements',
      ...credentials,
    });
    await expect(unreachable.delete(newStorageKey('bank-statements'))).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
  });
});
