import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '#app/db/database.ts';
import { billingPayments, loanApplications, type ReminderKind, users } from '#app/db/schema.ts';
import { applicationJoins } from '#app/db/application-joins.ts';

export type BillingPayment = typeof billingPayments.$inferSelect;

/** A reminder remembered for an instalment, with what its text says and whom it goes to. */
export interface DueReminder {
  loanId: number;
  number: number;
  kind: ReminderKind;
  dueDate: string;
  /** Tetri: what is left of the instalment (before its due date), or everything overdue. */
  amount: number;
  daysPastDue: number;
  phone: string;
  contractNumber: string;
}

export function createBillingRepository(db: Database) {
  return {
    /**
     * The paid-out loans of the person with this personal number, oldest first: active, being
     * withdrawn from, repaid and withdrawn.
     */
    async loansOf(personalNumber: string) {
      return db
        .select({ id: loanApplications.id, status: loanApplications.status })
        .from(loanApplications)
        .innerJoin(users, applicationJoins.customer)
        .where(
          and(
            eq(users.identityNumber, personalNumber),
            inArray(loanApplications.status, ['active', 'withdrawing', 'repaid', 'withdrawn']),
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
     * The day's reminders, remembered in one statement over every active loan: for the business
     * date `today`, each instalment due `daysBefore` days later and not paid, and each on its
     * `overdueDays`' day overdue and not paid, whose principal the payments have not reached
     * (decision 023: they fill the instalments from the first). A reminder remembered before
     * (the reminders' key) is left out, so each goes out once. Amounts as the account shows
     * them: what is left of the instalment, or everything overdue; with the loan's days past due.
     */
    async rememberDue(
      today: string,
      daysBefore: number,
      overdueDays: Readonly<Record<Exclude<ReminderKind, 'before_due'>, number>>,
    ): Promise<DueReminder[]> {
      const kinds = [
        ['before_due', daysBefore],
        ...Object.entries(overdueDays).map(([kind, days]) => [kind, -days] as const),
      ].map(([kind, offset]) => sql`(${kind}, ${today}::date + ${offset}::int)`);
      const rows = await db.execute(sql`
        with kinds (kind, due_date) as (values ${sql.join(kinds, sql`, `)}),
        candidates as (
          select distinct i.loan_id from loan_instalments i
          join loan_applications l on l.id = i.loan_id and l.status = 'active'
          join loan_accounts a on a.loan_id = i.loan_id and a.schedule_version = i.version
          where i.due_date in (select due_date from kinds)
        ),
        interest_paid as (
          select t.loan_id, sum(t.interest_tetri) as interest from loan_transactions t
          where t.kind = 'payment' and t.loan_id in (select loan_id from candidates)
          group by t.loan_id
        ),
        schedule as (
          select i.loan_id, i.number, i.due_date, i.principal_tetri as principal,
            i.interest_tetri as interest,
            sum(i.principal_tetri) over running - i.principal_tetri as principal_before,
            sum(i.principal_tetri) over (partition by i.loan_id) as principal_total,
            sum(i.interest_tetri) over running - i.interest_tetri as interest_before
          from loan_instalments i
          join loan_accounts a on a.loan_id = i.loan_id and a.schedule_version = i.version
          where i.loan_id in (select loan_id from candidates)
          window running as (partition by i.loan_id order by i.number)
        ),
        -- account.ts's instalmentBalances and account-view.ts's rows: payments fill the
        -- principal from the first instalment, prepayments from the last, the interest paid the
        -- schedule's interest in order; one paid early (less interest than the schedule's, some
        -- in advance) is paid once its principal is and no interest fell due unpaid.
        balances as (
          select s.*, a.principal_paid_tetri as principal_paid,
            a.interest_overdue_tetri + a.penalty_due_tetri as late_interest,
            a.interest_due_tetri + a.interest_overdue_tetri as interest_unpaid,
            filled.unpaid - least(filled.unpaid, greatest(0, a.principal_prepaid_tetri
              - (s.principal_total - greatest(s.principal_before + s.principal, a.principal_paid_tetri))
            )) as unpaid,
            least(s.interest, greatest(0, coalesce(p.interest, 0) - s.interest_before))
              as interest_paid
          from schedule s
          join loan_accounts a on a.loan_id = s.loan_id
          left join interest_paid p on p.loan_id = s.loan_id
          cross join lateral (
            select s.principal - least(s.principal, greatest(0, a.principal_paid_tetri - s.principal_before))
              as unpaid
          ) filled
        ),
        loans as (
          select b.*, b.unpaid + b.interest - b.interest_paid as left_to_pay,
            sum(b.unpaid) filter (where b.due_date < ${today}::date) over loan as overdue_principal,
            min(b.due_date) filter (where b.due_date < ${today}::date and b.unpaid > 0) over loan
              as oldest_unpaid,
            max(b.due_date) filter (where b.due_date < ${today}::date) over loan as last_past
          from balances b
          window loan as (partition by b.loan_id)
        ),
        due as (
          select l.loan_id, l.number, k.kind, l.due_date::text as due_date,
            (case when k.kind = 'before_due' then l.left_to_pay
              else l.overdue_principal + l.late_interest end)::int as amount,
            (case
              when l.oldest_unpaid is not null then ${today}::date - l.oldest_unpaid
              when l.late_interest > 0 and l.last_past is not null then ${today}::date - l.last_past
              else 0 end)::int as days_past_due
          from loans l
          join kinds k on k.due_date = l.due_date
          where l.principal_before + l.principal > l.principal_paid
            and not (l.unpaid = 0
              and (l.left_to_pay = 0 or l.due_date > ${today}::date or l.interest_unpaid = 0))
        ),
        remembered as (
          insert into loan_reminders (loan_id, instalment_number, kind, business_date)
          select loan_id, number, kind, ${today}::date from due
          on conflict do nothing
          returning loan_id, instalment_number, kind
        )
        select d.loan_id as "loanId", d.number, d.kind, d.due_date as "dueDate", d.amount,
          d.days_past_due as "daysPastDue", u.phone, c.number as "contractNumber"
        from remembered r
        join due d on d.loan_id = r.loan_id and d.number = r.instalment_number and d.kind = r.kind
        join loan_applications l on l.id = d.loan_id
        join users u on u.id = l.user_id
        join loan_contracts c on c.loan_id = d.loan_id
        order by d.loan_id, d.number, d.kind`);
      return rowsOf<DueReminder>(rows);
    },
  };
}
