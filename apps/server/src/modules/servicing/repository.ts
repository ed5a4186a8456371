import { addDaysToIsoDate, toTetri } from '@sesxi/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#app/db/database.ts';
import {
  contractWithdrawals,
  corePaymentReports,
  customerDocuments,
  loanAccounts,
  loanApplications,
  loanContracts,
  loanInstalments,
  loanTransactions,
  type PaymentChannel,
  users,
} from '#app/db/schema.ts';
import { applicationJoins } from '#app/db/application-joins.ts';
import type { AccountTotals } from './account.ts';
import type { Allocation } from './allocation.ts';
import type { ScheduleRow } from './reschedule.ts';

export type AccountRow = typeof loanAccounts.$inferSelect;
export type LoanTransaction = typeof loanTransactions.$inferSelect;

export const totalsOf = (row: AccountRow): AccountTotals => ({
  principal: row.principalTetri,
  principalPaid: row.principalPaidTetri,
  principalPrepaid: row.principalPrepaidTetri,
  interestAccrued: row.interestAccruedTetri,
  interestPrepaid: row.interestPrepaidTetri,
  interestDue: row.interestDueTetri,
  interestOverdue: row.interestOverdueTetri,
  penaltyDue: row.penaltyDueTetri,
  lateCosts: row.lateCostsTetri,
  credit: row.creditTetri,
});

const columnsOf = (totals: AccountTotals) => ({
  principalPaidTetri: totals.principalPaid,
  principalPrepaidTetri: totals.principalPrepaid,
  interestAccruedTetri: totals.interestAccrued,
  interestPrepaidTetri: totals.interestPrepaid,
  interestDueTetri: totals.interestDue,
  interestOverdueTetri: totals.interestOverdue,
  penaltyDueTetri: totals.penaltyDue,
  lateCostsTetri: totals.lateCosts,
  creditTetri: totals.credit,
});

const allocationColumns = ({ penalty, interest, principal, fee, credit }: Allocation) => ({
  penaltyTetri: penalty,
  interestTetri: interest,
  principalTetri: principal,
  feeTetri: fee,
  creditTetri: credit,
});

export function createServicingRepository(db: Database) {
  return {
    /** The loan's status, its row locked for the transaction: its payments take turns on it. */
    async lockLoan(loanId: number) {
      const [row] = await db
        .select({ status: loanApplications.status, userId: loanApplications.userId })
        .from(loanApplications)
        .where(eq(loanApplications.id, loanId))
        .for('update');
      return row;
    },

    /** Whom a loan's texts and documents go to, and the contract they name. */
    async customerOf(loanId: number) {
      const [row] = await db
        .select({
          userId: users.id,
          name: users.name,
          surname: users.surname,
          phone: users.phone,
          contractNumber: loanContracts.number,
        })
        .from(loanApplications)
        .innerJoin(users, applicationJoins.customer)
        .innerJoin(loanContracts, eq(loanContracts.loanId, loanApplications.id))
        .where(eq(loanApplications.id, loanId));
      if (!row) throw new Error(`the loan ${loanId} has no contract`);
      return row;
    },

    /** A loan's status and owner, read without a lock. */
    async loan(loanId: number) {
      const [row] = await db
        .select({ status: loanApplications.status, userId: loanApplications.userId })
        .from(loanApplications)
        .where(eq(loanApplications.id, loanId));
      return row;
    },

    async coreReport(key: string) {
      const [row] = await db
        .select()
        .from(corePaymentReports)
        .where(eq(corePaymentReports.idempotencyKey, key));
      return row;
    },

    async insertCoreReport(report: typeof corePaymentReports.$inferInsert) {
      await db.insert(corePaymentReports).values(report);
    },

    async account(loanId: number, lock = false): Promise<AccountRow | undefined> {
      const query = db.select().from(loanAccounts).where(eq(loanAccounts.loanId, loanId));
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    /** The schedule the loan's account follows: its latest version. */
    async schedule(loanId: number): Promise<ScheduleRow[]> {
      return db
        .select({
          number: loanInstalments.number,
          dueDate: loanInstalments.dueDate,
          principal: loanInstalments.principalTetri,
          interest: loanInstalments.interestTetri,
          fee: loanInstalments.feeTetri,
          balance: loanInstalments.balanceTetri,
        })
        .from(loanInstalments)
        .innerJoin(
          loanAccounts,
          and(
            eq(loanAccounts.loanId, loanInstalments.loanId),
            eq(loanAccounts.scheduleVersion, loanInstalments.version),
          ),
        )
        .where(eq(loanInstalments.loanId, loanId))
        .orderBy(asc(loanInstalments.number));
    },

    /**
     * Adds the next version of the loan's schedule, made by the payment `transactionId`, and
     * moves the account to it; answers the version. Earlier versions stay as they were.
     */
    async insertScheduleVersion(
      loanId: number,
      transactionId: number,
      rows: readonly ScheduleRow[],
    ): Promise<number> {
      const [account] = await db
        .update(loanAccounts)
        .set({ scheduleVersion: sql`${loanAccounts.scheduleVersion} + 1` })
        .where(eq(loanAccounts.loanId, loanId))
        .returning({ version: loanAccounts.scheduleVersion });
      if (!account) throw new Error(`the loan ${loanId} has no account`);
      await db.insert(loanInstalments).values(
        rows.map((row) => ({
          loanId,
          version: account.version,
          number: row.number,
          dueDate: row.dueDate,
          paymentTetri: row.principal + row.interest + row.fee,
          principalTetri: row.principal,
          interestTetri: row.interest,
          feeTetri: row.fee,
          balanceTetri: row.balance,
          transactionId,
        })),
      );
      return account.version;
    },

    /** Marks the loan's schedule documents superseded by a newer one. */
    async supersedeScheduleDocuments(loanId: number, now: Date): Promise<void> {
      await db
        .update(customerDocuments)
        .set({ supersededAt: now })
        .where(
          and(
            eq(customerDocuments.loanId, loanId),
            eq(customerDocuments.kind, 'schedule'),
            isNull(customerDocuments.supersededAt),
          ),
        );
    },

    /** The contract's annual nominal rate, percent, as its document (the one signed) states it. */
    async nominalRate(loanId: number): Promise<number> {
      const [row] = await db
        .select({
          rate: sql<string | null>`${customerDocuments.details} -> 'pricing' ->> 'nominal_rate'`,
        })
        .from(loanContracts)
        .innerJoin(customerDocuments, eq(customerDocuments.id, loanContracts.currentDocumentId))
        .where(eq(loanContracts.loanId, loanId));
      if (row?.rate == null) throw new Error(`the loan ${loanId} has no contract rate`);
      return Number(row.rate);
    },

    /**
     * Opens the account of a loan just paid out (its schedule fixed): the payout is its first
     * transaction, and close of day accrues from the payout day on.
     */
    async open({
      loanId,
      paidOutOn,
      payoutTetri,
    }: {
      loanId: number;
      paidOutOn: string;
      payoutTetri: number;
    }) {
      const [scheduled] = await db
        .select({ principal: sql<number>`sum(${loanInstalments.principalTetri})::int` })
        .from(loanInstalments)
        .where(eq(loanInstalments.loanId, loanId));
      const principal = scheduled?.principal ?? 0;
      await db.insert(loanAccounts).values({
        loanId,
        paidOutOn,
        principalTetri: principal,
        accruedThrough: addDaysToIsoDate(paidOutOn, -1),
      });
      await db.insert(loanTransactions).values({
        loanId,
        kind: 'payout',
        amountTetri: payoutTetri,
        principalTetri: principal,
        businessDate: paidOutOn,
      });
    },

    /** The payment or refund a channel's reference posted, if any. */
    async byReference(kind: 'payment' | 'refund', channel: PaymentChannel, reference: string) {
      const [row] = await db
        .select({ id: loanTransactions.id, loanId: loanTransactions.loanId })
        .from(loanTransactions)
        .where(
          and(
            eq(loanTransactions.kind, kind),
            eq(loanTransactions.channel, channel),
            eq(loanTransactions.reference, reference),
          ),
        );
      return row;
    },

    /**
     * Records a refund of the loan's credit (its amount all in `credit_tetri`, decision 023)
     * and lowers the account's credit by it, in the caller's transaction.
     */
    async insertRefund(refund: {
      loanId: number;
      amountTetri: number;
      channel: PaymentChannel;
      reference: string;
      businessDate: string;
    }): Promise<number> {
      const [row] = await db
        .insert(loanTransactions)
        .values({ ...refund, kind: 'refund', creditTetri: refund.amountTetri })
        .returning({ id: loanTransactions.id });
      if (!row) throw new Error('inserting a refund returned no row');
      await db
        .update(loanAccounts)
        .set({ creditTetri: sql`${loanAccounts.creditTetri} - ${refund.amountTetri}` })
        .where(eq(loanAccounts.loanId, refund.loanId));
      return row.id;
    },

    /**
     * Records a payment, the advance of interest it released (an `advance_release` row of
     * amount 0 naming the payment's reference, after it) and the account they leave, in the
     * caller's transaction.
     */
    async insertPayment(
      payment: {
        loanId: number;
        amountTetri: number;
        channel: PaymentChannel;
        reference: string;
        businessDate: string;
      },
      { allocation, release }: { allocation: Allocation; release?: Allocation | undefined },
      totals: AccountTotals,
    ): Promise<number> {
      const [row] = await db
        .insert(loanTransactions)
        .values({ ...payment, kind: 'payment', ...allocationColumns(allocation) })
        .returning({ id: loanTransactions.id });
      if (!row) throw new Error('inserting a payment returned no row');
      if (release) {
        await db.insert(loanTransactions).values({
          loanId: payment.loanId,
          kind: 'advance_release',
          amountTetri: 0,
          ...allocationColumns(release),
          reference: payment.reference,
          businessDate: payment.businessDate,
        });
      }
      await db
        .update(loanAccounts)
        .set(columnsOf(totals))
        .where(eq(loanAccounts.loanId, payment.loanId));
      return row.id;
    },

    async transactions(loanId: number): Promise<LoanTransaction[]> {
      return db
        .select()
        .from(loanTransactions)
        .where(eq(loanTransactions.loanId, loanId))
        .orderBy(asc(loanTransactions.id));
    },

    /**
     * What the loan's payments paid so far, in all and to each part (net of the advances of
     * interest released), in tetri.
     */
    async paidSoFar(loanId: number) {
      const total = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)::int`;
      const [row] = await db
        .select({
          amount: total(loanTransactions.amountTetri),
          penalty: total(loanTransactions.penaltyTetri),
          interest: total(loanTransactions.interestTetri),
          principal: total(loanTransactions.principalTetri),
          fee: total(loanTransactions.feeTetri),
          credit: total(loanTransactions.creditTetri),
        })
        .from(loanTransactions)
        .where(
          and(
            eq(loanTransactions.loanId, loanId),
            inArray(loanTransactions.kind, ['payment', 'advance_release']),
          ),
        );
      if (!row) throw new Error(`summing the payments of the loan ${loanId} returned no row`);
      return row;
    },

    /**
     * What a withdrawal after the payout left owed, in tetri, and by when; undefined when there
     * is none.
     */
    async withdrawal(loanId: number) {
      const [row] = await db
        .select()
        .from(contractWithdrawals)
        .where(
          and(eq(contractWithdrawals.loanId, loanId), eq(contractWithdrawals.state, 'withdrawing')),
        );
      return (
        row && {
          principal: toTetri(row.principal),
          interest: toTetri(row.interest),
          dueDate: row.dueDate,
        }
      );
    },
  };
}
