import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import {
  billingPayments,
  loanAccounts,
  loanApplications,
  loanInstalments,
  loanReminders,
  type ReminderKind,
  users,
} from '#app/db/schema.ts';
import { applicationJoins } from '#app/db/application-joins.ts';

export type BillingPayment = typeof billingPayments.$inferSelect;

export function createBillingRepository(db: Database) {
  return {
    /** The active, repaid and withdrawn loans of the person with this personal number, oldest first. */
    async loansOf(personalNumber: string) {
      return db
        .select({ id: loanApplications.id, status: loanApplications.status })
        .from(loanApplications)
        .innerJoin(users, applicationJoins.customer)
        .where(
          and(
            eq(users.identityNumber, personalNumber),
            inArray(loanApplications.status, ['active', 'repaid', 'withdrawn']),
          ),
        )
        .orderBy(asc(loanApplications.id));
    },

    /**
     * Claims a biller's transaction id for a payment: undefined when it is claimed already (an
     * identical request at the same moment waits here for the first to commit or roll back).
     */
    async claim(payment: typeof billingPayments.$inferInsert): Promise<number | undefined> {
      const [row] = await db
        .insert(billingPayments)
        .values(payment)
        .onConflictDoNothing()
        .returning({ id: billingPayments.id });
      return row?.id;
    },

    async payment(biller: string, transactionId: string): Promise<BillingPayment | undefined> {
      const [row] = await db
        .select()
        .from(billingPayments)
        .where(
          and(eq(billingPayments.biller, biller), eq(billingPayments.transactionId, transactionId)),
        );
      return row;
    },

    /**
     * The active loans with an instalment due on one of `dueDates` whose principal the
     * payments have not reached: the ones a day's reminders may be for (the account decides).
     */
    async loansDueOn(dueDates: string[]): Promise<number[]> {
      const rows = await db
        .selectDistinct({ id: loanApplications.id })
        .from(loanApplications)
        .innerJoin(loanAccounts, eq(loanAccounts.loanId, loanApplications.id))
        .innerJoin(
          loanInstalments,
          and(
            eq(loanInstalments.loanId, loanApplications.id),
            eq(loanInstalments.version, loanAccounts.scheduleVersion),
          ),
        )
        .where(
          and(
            eq(loanApplications.status, 'active'),
            sql`${loanInstalments.dueDate} in (${sql.join(
              dueDates.map((day) => sql`${day}::date`),
              sql`, `,
            )})`,
            // Payments fill the instalments' principal from the first (decision 023).
            sql`(select sum(j.principal_tetri) from loan_instalments j
              where j.loan_id = ${loanInstalments.loanId} and j.version = ${loanInstalments.version}
                and j.number <= ${loanInstalments.number})
              > ${loanAccounts.principalPaidTetri}`,
          ),
        )
        .orderBy(asc(loanApplications.id));
      return rows.map((row) => row.id);
    },

    /** Records a reminder; false when this one of the instalment's was queued before. */
    async remember(reminder: {
      loanId: number;
      instalmentNumber: number;
      kind: ReminderKind;
      businessDate: string;
    }): Promise<boolean> {
      const rows = await db
        .insert(loanReminders)
        .values(reminder)
        .onConflictDoNothing()
        .returning({ loanId: loanReminders.loanId });
      return rows.length > 0;
    },
  };
}
