import { createHash } from 'node:crypto';
import type { Database } from '#app/db/database.ts';
import { customerDocuments } from '#app/db/schema.ts';
import { newStorageKey, type FileStorage } from '#app/integrations/storage/file-storage.ts';
import { writePdf, type PdfModel } from './write-pdf.ts';

/** The SHA-256 of exactly `bytes`, hex: what a customer's document keeps of its file. */
export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A PDF in the file storage, as its `customer_documents` row names it. */
export interface StoredPdf {
  storageKey: string;
  sha256: string;
  size: number;
}

/** Stores `bytes` as a PDF under a new key in `folder`; answers what its row names. */
export async function storePdf(
  storage: FileStorage,
  folder: string,
  bytes: Uint8Array,
): Promise<StoredPdf> {
  const storageKey = newStorageKey(folder);
  await storage.put(storageKey, bytes, 'application/pdf');
  return { storageKey, sha256: sha256Of(bytes), size: bytes.length };
}

/** What a customer's document is, beside its file. */
export type DocumentFacts = Omit<
  typeof customerDocuments.$inferInsert,
  'id' | 'storageKey' | 'sha256' | 'size' | 'supersededAt'
>;

/** Adds the row of a stored file to the customer's documents, with `db`; answers its id. */
export async function insertCustomerDocument(
  db: Database,
  file: StoredPdf,
  facts: DocumentFacts,
): Promise<number> {
  const [row] = await db
    .insert(customerDocuments)
    .values({ ...facts, ...file })
    .returning({ id: customerDocuments.id });
  if (!row) throw new Error(`inserting a ${facts.kind} document returned no row`);
  return row.id;
}

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
  facts: DocumentFacts,
): Promise<number> {
  const file = await storePdf(storage, folder, await writePdf(model));
  try {
    return await insertCustomerDocument(db, file, facts);
  } catch (error) {
    await storage.delete(file.storageKey).catch(() => undefined);
    throw error;
  }
}
