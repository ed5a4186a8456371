import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3StorageSettings } from '#app/config/storage.ts';
import { ServiceUnavailableError } from '#app/errors.ts';
import { FileNotFoundError, requireStorageKey, type FileStorage } from './file-storage.ts';

/**
 * Production: an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …). Checksums only where
 * the API demands them, so providers that do not know the newer checksum headers work too.
 * A failure or a timeout is a ServiceUnavailableError; a missing object is FileNotFoundError.
 */
export function createS3Storage(
  settings: S3StorageSettings,
  { timeoutMs = 30_000 }: { timeoutMs?: number } = {},
): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // A custom endpoint is usually addressed by path; AWS itself by the bucket's host name.
    forcePathStyle: settings.endpoint !== undefined,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
  });
  const object = (key: string) => ({ Bucket: settings.bucket, Key: requireStorageKey(key) });

  /** One request to the bucket, given up after the timeout (retries included). */
  async function call<T>(send: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      return await send(AbortSignal.timeout(timeoutMs));
    } catch (error) {
      if (error instanceof FileNotFoundError) throw error;
      throw new ServiceUnavailableError('storage', { cause: error });
    }
  }

  return {
    async put(key, content, contentType) {
      const target = object(key);
      await call((abortSignal) =>
        client.send(new PutObjectCommand({ ...target, Body: content, ContentType: contentType }), {
          abortSignal,
        }),
      );
    },

    async read(key) {
      const target = object(key);
      return call(async (abortSignal) => {
        try {
          const answer = await client.send(new GetObjectCommand(target), { abortSignal });
          if (!answer.Body) throw new Error('the bucket answered without a body');
          return Buffer.from(await answer.Body.transformToByteArray());
        } catch (error) {
          if (error instanceof NoSuchKey) throw new FileNotFoundError(key);
          throw error;
        }
      });
    },

    async delete(key) {
      const target = object(key);
      await call((abortSignal) => client.send(new DeleteObjectCommand(target), { abortSignal }));
    },
  };
}
