import { createHash } from 'node:crypto';
import type { Database } from '#app/db/database.ts';
import { newStorageKey, type FileStorage } from '#app/integrations/storage/file-storage.ts';
import { writePdf, type PdfModel } from '#app/pdf/write-pdf.ts';
import { createContractRepository, type NewDocument } from './repository.ts';

/** A document's row before its file is written: whose, which kind, made from what, when. */
export type DocumentOf = Omit<NewDocument, 'storageKey' | 'sha256' | 'size'>;

/**
 * Writes `model` as a PDF, stores it under a new key in `folder` and adds its row with `db`,
 * naming the SHA-256 of exactly the stored bytes; answers the row's id. A row that cannot be
 * added removes the file (a transaction rolled back later leaves it, unnamed by any row).
 */
export async function storePdfDocument(
  db: Database,
  storage: FileStorage,
  folder: string,
  model: PdfModel,
  document: DocumentOf,
): Promise<number> {
  const bytes = await writePdf(model);
  const storageKey = newStorageKey(folder);
  await storage.put(storageKey, bytes, 'application/pdf');
  try {
    return await createContractRepository(db).insertDocument({
      ...document,
      storageKey,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
    });
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}
