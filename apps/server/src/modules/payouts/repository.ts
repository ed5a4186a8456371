import { formatIsoDate, type LoanStatusCode, type ScheduleRowTetri } from '@sesxi/contract';
import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { applicationJoins } from '#app/db/application-joins.ts';
import type { Database } from '#app/db/database.ts';
import {
  customerDocuments,
  loanApplications,
  loanContracts,
  loanInstalments,
  loanOfferSnapshots,
  payouts,
  users,
} from '#app/db/schema.ts';

export type Payout = typeof payouts.$inferSelect;

/** A payout that is neither refused nor cancelled: a loan has at most one. */
const live = notInArray(payouts.state, ['refused', 'cancelled']);

/** What the signed document states (`customer_documents.details`, kept when it was signed). */
const signedDetails = {
  /** The account it is paid into: what was signed, whatever the contract's row says since. */
  iban: sql<string | null>`${customerDocuments.details} ->> 'iban'`,
  paymentDay: sql<number>`(${customerDocuments.details} ->> 'payment_day')::int`,
};

/**
 * The approved loan's terms as the approval kept them, with its contract, the payment day its
 * signed document states, and its customer: what a payout, its bank request and its schedule
 * need of the loan.
 */
const approvedLoan = {
  loanId: loanApplications.id,
  userId: loanApplications.userId,
  name: users.name,
  surname: users.surname,
  personalNumber: users.identityNumber,
  /** GEL, as approved. */
  amount: sql<number>`${loanOfferSnapshots.inputs} -> 'amount'`,
  months: sql<number>`${loanOfferSnapshots.inputs} -> 'months'`,
  productId: loanOfferSnapshots.productId,
  contractNumber: loanContracts.number,
  paymentDay: signedDetails.paymentDay,
  phone: users.phone,
};

export function createPayoutRepository(db: Database) {
  /** The approved loan with its signed contract, as a payout and its schedule need it. */
  async function approvedLoanOf(loanId: number) {
    const [row] = await db
      .select(approvedLoan)
      .from(loanApplications)
      .innerJoin(users, applicationJoins.customer)
      .innerJoin(loanContracts, eq(loanContracts.loanId, loanApplications.id))
      .innerJoin(customerDocuments, eq(customerDocuments.id, loanContracts.signedDocumentId))
      .innerJoin(loanOfferSnapshots, applicationJoins.offer('approval'))
      .where(eq(loanApplications.id, loanId));
    return row;
  }

  async function update(id: number, fields: PgUpdateSetSource<typeof payouts>, now: Date) {
    const [row] = await db
      .update(payouts)
      .set({ ...fields, updatedAt: now })
      .where(eq(payouts.id, id))
      .returning();
    if (!row) throw new Error(`the payout ${id} is gone`);
    return row;
  }

  return {
    /**
     * Locks the application's row for the transaction and answers its status: a payout's
     * steps and a withdrawal take turns on it.
     */
    async lockApplication(loanId: number): Promise<LoanStatusCode | undefined> {
      const [row] = await db
        .select({ status: loanApplications.status })
        .from(loanApplications)
        .where(eq(loanApplications.id, loanId))
        .for('update');
      return row?.status;
    },

    approvedLoan: approvedLoanOf,

    /**
     * The signed contract's signed document and the account it names: what a payout pays. The
     * account is the document's own, not the contract row's, which a later choice may change.
     */
    async signedDocument(loanId: number) {
      const [row] = await db
        .select({
          id: customerDocuments.id,
          sha256: customerDocuments.sha256,
          iban: signedDetails.iban,
        })
        .from(loanContracts)
        .innerJoin(customerDocuments, eq(customerDocuments.id, loanContracts.signedDocumentId))
        .where(and(eq(loanContracts.loanId, loanId), eq(loanContracts.status, 'signed')));
      return row;
    },

    async insert(payout: typeof payouts.$inferInsert): Promise<Payout> {
      const [row] = await db.insert(payouts).values(payout).returning();
      if (!row) throw new Error('inserting a payout returned no row');
      return row;
    },

    async byId(id: number): Promise<Payout | undefined> {
      const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
      return row;
    },

    /** The loan's payout that is neither refused nor cancelled, if any. */
    async liveOf(loanId: number): Promise<Payout | undefined> {
      const [row] = await db
        .select()
        .from(payouts)
        .where(and(eq(payouts.loanId, loanId), live));
      return row;
    },

    /** The loan's latest payout, whatever its state. */
    async lastOf(loanId: number): Promise<Payout | undefined> {
      const [row] = await db
        .select()
        .from(payouts)
        .where(eq(payouts.loanId, loanId))
        .orderBy(desc(payouts.id))
        .limit(1);
      return row;
    },

    /** The payout the core system's report with this `Idempotency-Key` recorded, if any. */
    async byReportKey(key: string): Promise<Payout | undefined> {
      const [row] = await db.select().from(payouts).where(eq(payouts.reportKey, key));
      return row;
    },

    /** What the bank is asked to pay: the customer's name and personal number with the payout. */
    async bankRequestOf(payout: Payout) {
      const row = await approvedLoanOf(payout.loanId);
      if (!row?.personalNumber) throw new Error(`the customer of payout ${payout.id} is unknown`);
      return {
        idempotencyKey: payout.idempotencyKey,
        amountTetri: payout.amountTetri,
        iban: payout.iban,
        name: `${row.name} ${row.surname}`,
        personalNumber: row.personalNumber,
        reference: row.contractNumber,
      };
    },

    /** In flight: the bank is being asked, once more. */
    markSending: (id: number, now: Date) =>
      update(id, { state: 'sending', attempts: sql`${payouts.attempts} + 1` }, now),

    markPaid: (
      id: number,
      paid: Pick<Payout, 'bankReference' | 'paidAt' | 'payoutDate'> &
        Partial<Pick<Payout, 'reportKey' | 'reportSha256'>>,
      now: Date,
    ) => update(id, { state: 'paid', ...paid }, now),

    markRefused: (id: number, reason: string, now: Date) =>
      update(id, { state: 'refused', refusalReason: reason }, now),

    cancel: (id: number, now: Date) => update(id, { state: 'cancelled' }, now),

    /** A paid-out loan's payout and the schedule fixed at it (version 1), with the contract and the customer. */
    async paidSchedule(loanId: number) {
      const [paid] = await db
        .select()
        .from(payouts)
        .where(and(eq(payouts.loanId, loanId), eq(payouts.state, 'paid')));
      const loan = await approvedLoanOf(loanId);
      if (!loan || !paid?.paidAt || !paid.payoutDate) return undefined;
      const instalments = await db
        .select()
        .from(loanInstalments)
        .where(and(eq(loanInstalments.loanId, loanId), eq(loanInstalments.version, 1)))
        .orderBy(asc(loanInstalments.number));
      const { amountTetri, paidAt, payoutDate } = paid;
      return { loan, payout: { amountTetri, paidAt, payoutDate }, instalments };
    },

    /**
     * The schedule versions the loan has documents of: the payout's is 1 (its details name no
     * version), a prepayment's the version it made.
     */
    async scheduleDocumentVersions(loanId: number): Promise<number[]> {
      const rows = await db
        .select({
          version: sql<number>`coalesce((${customerDocuments.details} ->> 'version')::int, 1)`,
        })
        .from(customerDocuments)
        .where(and(eq(customerDocuments.loanId, loanId), eq(customerDocuments.kind, 'schedule')));
      return rows.map(({ version }) => version);
    },

    /** Marks a document superseded as of `at`. */
    async supersedeDocument(documentId: number, at: Date): Promise<void> {
      await db
        .update(customerDocuments)
        .set({ supersededAt: at })
        .where(eq(customerDocuments.id, documentId));
    },

    /** The schedule fixed at the payout. */
    async insertInstalments(loanId: number, rows: readonly ScheduleRowTetri[]): Promise<void> {
      await db.insert(loanInstalments).values(
        rows.map((row) => ({
          loanId,
          number: row.number,
          dueDate: formatIsoDate(row.date),
          paymentTetri: row.payment,
          principalTetri: row.principal,
          interestTetri: row.interest,
          feeTetri: row.fee,
          balanceTetri: row.balance,
        })),
      );
    },
  };
}

export type PayoutRepository = ReturnType<typeof createPayoutRepository>;

/** An approved loan with its contract and its customer (approvedLoan's answer). */
export type ApprovedLoan = NonNullable<Awaited<ReturnType<PayoutRepository['approvedLoan']>>>;
