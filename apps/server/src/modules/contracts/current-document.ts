import { createHash } from 'node:crypto';
import type { Database } from '#app/db/database.ts';
import type { FileStorage } from '#app/integrations/storage/file-storage.ts';
import type { ContractDocumentDetails } from './contract-documents.ts';
import { createContractRepository, type ContractRow } from './repository.ts';

/** The document a customer would sign now, as the signature binds to it. */
export interface CurrentContractDocument {
  contract: ContractRow;
  document: { id: number; sha256: string; storageKey: string; bytes: Buffer };
  /** What the document was made from and the figures it states (amount, term, rates, schedule). */
  details: ContractDocumentDetails;
}

/**
 * The contract of application `loanId` (whoever's: the caller checks the owner) with its
 * current document's file, read back and checked against the hash its row keeps; undefined
 * without a contract. Read with a transaction's handle to see it under that transaction's locks.
 */
export async function currentContractDocument(
  db: Database,
  storage: FileStorage,
  loanId: number,
): Promise<CurrentContractDocument | undefined> {
  const found = await createContractRepository(db).ofLoan(loanId);
  if (!found) return undefined;
  const { id, sha256, storageKey, details } = found.current;
  const bytes = await storage.read(storageKey);
  if (createHash('sha256').update(bytes).digest('hex') !== sha256)
    throw new Error(`the stored file of document ${id} does not match its SHA-256`);
  return { contract: found.contract, document: { id, sha256, storageKey, bytes }, details };
}
