import { contentImageMaxBytes, contentImagePath, contentImageTypes } from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError, fieldError, httpError } from '#app/errors.ts';
import {
  FileNotFoundError,
  newStorageKey,
  type FileStorage,
} from '#app/integrations/storage/file-storage.ts';

const folder = 'content-images';
const uuidFormat = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
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

/** Content images: stored under a generated key, served publicly by that key's UUID. */
export function createContentImages(storage: FileStorage) {
  return {
    /** Stores the request's image; answers its public URL. */
    async upload(request: FastifyRequest): Promise<string> {
      const { bytes, type } = await readImage(request);
      const key = newStorageKey(folder);
      await storage.put(key, bytes, type);
      return `${contentImagePath}${key.slice(folder.length + 1)}`;
    },

    /** The image's bytes and type (sniffed again: only allowed types are ever served). */
    async read(id: string): Promise<{ bytes: Buffer; type: string }> {
      if (!uuidFormat.test(id)) throw httpError(404, 'errors.notFound');
      let bytes: Buffer;
      try {
        bytes = await storage.read(`${folder}/${id}`);
      } catch (error) {
        if (error instanceof FileNotFoundError) throw httpError(404, 'errors.notFound');
        throw error;
      }
      const type = (await fileTypeFromBuffer(bytes))?.mime;
      if (!type || !allowedTypes.includes(type)) throw httpError(404, 'errors.notFound');
      return { bytes, type };
    },
  };
}
