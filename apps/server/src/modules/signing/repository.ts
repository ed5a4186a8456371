import type { Contract } from '@sesxi/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import {
  contractSignatures,
  contractWithdrawals,
  customerDocuments,
  loanContracts,
} from '#app/db/schema.ts';

/** A signed contract's file, as stored. */
export interface StoredSignedDocument {
  userId: number;
  loanId: number;
  storageKey: string;
  sha256: string;
  size: number;
  /** The contract's number, which the document's title names. */
  number: string;
  /** The document it signs. */
  originalId: number;
  originalSha256: string;
  /** The account and payment day the document states: what its payout pays and runs on. */
  iban: string | null;
  paymentDay: number;
}

export function createSigningRepository(db: Database) {
  return {
    /** The signed contract's document row; answers its id. */
    async insertSignedDocument(document: StoredSignedDocument): Promise<number> {
      const [row] = await db
        .insert(customerDocuments)
        .values({
          userId: document.userId,
          loanId: document.loanId,
          kind: 'signed_contract',
          storageKey: document.storageKey,
          sha256: document.sha256,
          size: document.size,
          details: {
            number: document.number,
            signs_document_id: document.originalId,
            signs_sha256: document.originalSha256,
            iban: document.iban,
            payment_day: document.paymentDay,
          },
        })
        .returning({ id: customerDocuments.id });
      if (!row) throw new Error('inserting the signed document returned no row');
      return row.id;
    },

    async insertSignature(signature: typeof contractSignatures.$inferInsert): Promise<void> {
      await db.insert(contractSignatures).values(signature);
    },

    /**
     * Marks the contract signed with `signedDocumentId`, from a state `from` names; answers
     * false when it is in none of them.
     */
    async markSigned(
      loanId: number,
      from: readonly Contract['status'][],
      { signedDocumentId, signedAt }: { signedDocumentId: number; signedAt: Date },
    ): Promise<boolean> {
      const marked = await db
        .update(loanContracts)
        .set({ status: 'signed', signedDocumentId, signedAt, updatedAt: signedAt })
        .where(and(eq(loanContracts.loanId, loanId), inArray(loanContracts.status, from)))
        .returning({ loanId: loanContracts.loanId });
      return marked.length > 0;
    },

    /** Marks a signed contract withdrawn; answers false when it is not signed. */
    async markWithdrawn(loanId: number, now: Date): Promise<boolean> {
      const marked = await db
        .update(loanContracts)
        .set({ status: 'withdrawn', updatedAt: now })
        .where(and(eq(loanContracts.loanId, loanId), eq(loanContracts.status, 'signed')))
        .returning({ loanId: loanContracts.loanId });
      return marked.length > 0;
    },

    async insertWithdrawal(withdrawal: typeof contractWithdrawals.$inferInsert): Promise<void> {
      await db.insert(contractWithdrawals).values(withdrawal);
    },
  };
}
