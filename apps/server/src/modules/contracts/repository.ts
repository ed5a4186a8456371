import { and, desc, eq, inArray, isNull, lte, notInArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#app/db/database.ts';
import {
  contactSettings,
  customerDocuments,
  loanApplications,
  loanContracts,
  users,
} from '#app/db/schema.ts';
import type { ContractDocumentDetails } from './contract-documents.ts';

export type ContractRow = typeof loanContracts.$inferSelect;
export type DocumentRow = Omit<typeof customerDocuments.$inferSelect, 'details'>;

/** The contract document a customer would sign, with what it was made from. */
export type ContractDocumentRow = DocumentRow & { details: ContractDocumentDetails };

/** The kinds a contract's making writes, which a later making supersedes. */
const contractKinds = ['contract', 'key_terms'] as const;

const signedDocuments = alias(customerDocuments, 'signed_document');

export function createContractRepository(db: Database) {
  async function withDocuments(where: SQL | undefined) {
    const [row] = await db
      .select({
        contract: loanContracts,
        loanStatus: loanApplications.status,
        current: customerDocuments,
        signed: signedDocuments,
      })
      .from(loanContracts)
      .innerJoin(loanApplications, eq(loanApplications.id, loanContracts.loanId))
      .innerJoin(customerDocuments, eq(customerDocuments.id, loanContracts.currentDocumentId))
      .leftJoin(signedDocuments, eq(signedDocuments.id, loanContracts.signedDocumentId))
      .where(where);
    // `details` is jsonb: a contract document's are what `writeContractDocuments` kept.
    return row && { ...row, current: row.current as unknown as ContractDocumentRow };
  }

  return {
    async insertContract(contract: typeof loanContracts.$inferInsert): Promise<void> {
      await db.insert(loanContracts).values(contract);
    },

    /**
     * The contract of the customer `userId`'s application `loanId`, with its current document
     * and, once signed, the signed one; undefined for an application of anyone else's (or none).
     */
    owned: (loanId: number, userId: number) =>
      withDocuments(and(eq(loanContracts.loanId, loanId), eq(loanApplications.userId, userId))),

    /** The contract of application `loanId`, whoever's, with its documents as `owned` has them. */
    ofLoan: (loanId: number) => withDocuments(eq(loanContracts.loanId, loanId)),

    /**
     * The contract's row, locked for the transaction after its application's: every change of
     * an application (an expiry, a signature) locks that row first, so they take turns in one
     * order and never wait on each other crosswise.
     */
    async lock(loanId: number): Promise<ContractRow | undefined> {
      await db
        .select({ id: loanApplications.id })
        .from(loanApplications)
        .where(eq(loanApplications.id, loanId))
        .for('update');
      const [row] = await db
        .select()
        .from(loanContracts)
        .where(eq(loanContracts.loanId, loanId))
        .for('update');
      return row;
    },

    /**
     * Makes `contractId` the contract's current document, made on the new choices with the rest
     * of `documentIds`: the contract's earlier documents are superseded (kept, marked so).
     */
    async replaceDocuments(
      loanId: number,
      made: { contractId: number; documentIds: number[]; paymentDay: number; iban: string | null },
      now: Date,
    ): Promise<void> {
      await db
        .update(customerDocuments)
        .set({ supersededAt: now })
        .where(
          and(
            eq(customerDocuments.loanId, loanId),
            inArray(customerDocuments.kind, contractKinds),
            isNull(customerDocuments.supersededAt),
            notInArray(customerDocuments.id, made.documentIds),
          ),
        );
      await db
        .update(loanContracts)
        .set({
          currentDocumentId: made.contractId,
          paymentDay: made.paymentDay,
          iban: made.iban,
          updatedAt: now,
        })
        .where(eq(loanContracts.loanId, loanId));
    },

    /** Offers still unsigned whose last day is `day` or earlier, with the customer's phone. */
    expiring(day: string) {
      return db
        .select({ loanId: loanContracts.loanId, phone: users.phone })
        .from(loanContracts)
        .innerJoin(loanApplications, eq(loanApplications.id, loanContracts.loanId))
        .innerJoin(users, eq(users.id, loanApplications.userId))
        .where(and(eq(loanContracts.status, 'offered'), lte(loanContracts.validUntil, day)))
        .orderBy(loanContracts.loanId);
    },

    /** Marks an offer expired; false when it no longer stands (signed meanwhile, say). */
    async expire(loanId: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(loanContracts)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(loanContracts.loanId, loanId), eq(loanContracts.status, 'offered')))
        .returning({ loanId: loanContracts.loanId });
      return rows.length > 0;
    },

    /** The customer's documents, newest first, each with its application's contract number. */
    async documentsOf(userId: number) {
      const rows = await db
        .select({ document: customerDocuments, contractNumber: loanContracts.number })
        .from(customerDocuments)
        .leftJoin(loanContracts, eq(loanContracts.loanId, customerDocuments.loanId))
        .where(eq(customerDocuments.userId, userId))
        .orderBy(desc(customerDocuments.createdAt), desc(customerDocuments.id));
      return rows.map(({ document, contractNumber }) => ({ ...document, contractNumber }));
    },

    async document(id: number) {
      const [row] = await db.select().from(customerDocuments).where(eq(customerDocuments.id, id));
      return row;
    },

    /** Where the customer complains: the lender's hotline and e-mail. */
    async contact() {
      const [row] = await db
        .select({ hotline: contactSettings.hotline, email: contactSettings.email })
        .from(contactSettings);
      if (!row) throw new Error('there are no contact settings (the seed adds them)');
      return row;
    },
  };
}
