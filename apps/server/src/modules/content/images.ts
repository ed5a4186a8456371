import {
  contentImageIdFormat,
  contentImageMaxBytes,
  contentImagePath,
  contentImageTypes,
} from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Clock } from '#app/clock.ts';
import type { Database } from '#app/db/database.ts';
import { HttpError, fieldError, httpError } from '#app/errors.ts';
import {
  FileNotFoundError,
  newStorageKey,
  type FileStorage,
} from '#app/integrations/storage/file-storage.ts';
import { createContentRepository } from './repository.ts';

const folder = 'content-images';
/** An image's source as the sanitiser writes it (only images have a `src`). */
const shownImage = new RegExp(` src="${contentImagePath}([0-9a-f-]{36})"`, 'g');
const allowedTypes: readonly string[] = contentImageTypes;

/**
 * The one `file` of a multipart body, at most 5 MB counted while it streams in, and a JPEG,
 * PNG or WebP by its bytes (whatever its name or declared type say).
 */
async function readImage(request: FastifyRequest): Promise<{ bytes: Buffer; type: string }> {
  if (!request.isMultipart()) throw httpError(415, 'errors.unsupportedMediaType');
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts({
      limits: { files: 1, fields: 0, parts: 2, fileSize: contentImageMaxBytes },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') image = bytes;
      }
    }
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, 'errors.bodyTooLarge', {
        fields: { file: [{ key: 'errors.bodyTooLarge' }] },
      });
    }
    throw httpError(400, 'errors.malformedBody');
  }
  if (!image || image.length === 0) throw fieldError('file', 'validation.required');
  const type = (await fileTypeFromBuffer(image))?.mime;
  if (!type || !allowedTypes.includes(type)) throw fieldError('file', 'validation.invalid');
  return { bytes: image, type };
}

/** How long an image no version shows is kept after its upload, for the editor to publish it. */
export const orphanImageGraceMs = 24 * 3_600_000;

/** At most this many orphans a run: their files are removed while their rows are locked. */
const orphanBatch = 100;

/** A published image never changes under its URL (a new upload gets a new id): cached for good. */
const publishedCaching = 'public, max-age=31536000, immutable';

const keyOf = (id: string) => `${folder}/${id}`;

/** A content image as it is sent: bytes, type and how long it may be kept. */
export interface ServedImage {
  bytes: Buffer;
  type: string;
  cacheControl: string;
}

interface ContentImagesOptions {
  db: Database;
  storage: FileStorage;
  clock: Clock;
}

/**
 * Content images: stored under a generated key, a row each (`content_images`). Anyone gets a
 * published one, long cached; an unpublished one only content editors get (anyone else a 404,
 * as for a missing one), and one still unpublished a day after its upload is removed.
 */
export function createContentImages({ db, storage, clock }: ContentImagesOptions) {
  return {
    /** Stores the request's image; answers its URL. */
    async upload(request: FastifyRequest, uploadedBy: number): Promise<string> {
      const { bytes, type } = await readImage(request);
      const key = newStorageKey(folder);
      const id = key.slice(folder.length + 1);
      // The row first: if storing the file fails, housekeeping removes the row in a day.
      await createContentRepository(db).insertImage({ id, uploadedBy, createdAt: clock.now() });
      await storage.put(key, bytes, type);
      return `${contentImagePath}${id}`;
    },

    /**
     * The image as it is sent; a 404 for an unknown one, and for an unpublished one unless
     * `editorAsks` (asked only then: a published image needs no session).
     */
    async serve(id: string, editorAsks: () => Promise<boolean>): Promise<ServedImage> {
      if (!contentImageIdFormat.test(id)) throw httpError(404, 'errors.notFound');
      const image = await createContentRepository(db).imageOf(id);
      if (!image || (!image.published && !(await editorAsks()))) {
        throw httpError(404, 'errors.notFound');
      }
      let bytes: Buffer;
      try {
        bytes = await storage.read(keyOf(id));
      } catch (error) {
        if (error instanceof FileNotFoundError) throw httpError(404, 'errors.notFound');
        throw error;
      }
      // Sniffed again: only allowed types are ever served.
      const type = (await fileTypeFromBuffer(bytes))?.mime;
      if (!type || !allowedTypes.includes(type)) throw httpError(404, 'errors.notFound');
      return { bytes, type, cacheControl: image.published ? publishedCaching : 'no-store' };
    },

    /**
     * Removes images no version and no draft shows, uploaded over a day before `now`: files first, then
     * rows, while the rows are locked, so a publish showing one either wins (and it stays) or
     * finds it gone (and is refused); a crash between leaves rows the next run finishes.
     * Answers how many it removed.
     */
    removeOrphans(now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const repository = createContentRepository(tx);
        const ids = await repository.lockOrphanImages(
          new Date(now.getTime() - orphanImageGraceMs),
          orphanBatch,
        );
        if (ids.length === 0) return 0;
        for (const id of ids) await storage.delete(keyOf(id));
        await repository.deleteImages(ids);
        return ids.length;
      });
    },
  };
}

/** The ids of the content images `html` (sanitised) shows, each once. */
export function contentImageIdsIn(html: string): string[] {
  const ids = [...html.matchAll(shownImage)].map(([, id = '']) => id);
  return [...new Set(ids)];
}
