import type { Contract } from '@sesxi/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { contractSignatures, contractWithdrawals, loanContracts } from '#app/db/schema.ts';

export function createSigningRepository(db: Database) {
  return {
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
