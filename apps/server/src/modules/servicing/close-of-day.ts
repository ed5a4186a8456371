import { sql } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import type { CloseOfDayStep } from '#app/modules/business-date/index.ts';
import { maxPenaltyPpmDaily } from './late-costs.ts';

/**
 * Close of day's part for loans being repaid (decision 023), set-based over every active loan:
 * the day's interest and an overdue day's penalty posted to the ledger and added to the
 * account (taken from the interest paid in advance first), the interest of a period due on its
 * eve and overdue after its due date. The rules are close-day.ts's, which a test holds this to. A
 * loan whose account is closed through the day already is left alone, so a day closed twice
 * charges nothing twice.
 */
export function loanAccrual({ penaltyPpmDaily }: { penaltyPpmDaily: number }): CloseOfDayStep {
  return {
    name: 'loan accrual',
    async run(day, tx) {
      await accrue(tx, day, penaltyPpmDaily);
    },
  };
}

export async function accrue(tx: Database, day: string, penaltyPpmDaily: number): Promise<void> {
  const rate = Math.min(penaltyPpmDaily, maxPenaltyPpmDaily);
  // The accounts first, locked: a payment on one of them waits for the day's close, or the
  // close for the payment, and neither works on figures the other changed.
  await tx.execute(sql`
    select a.loan_id from loan_accounts a
    join loan_applications l on l.id = a.loan_id and l.status = 'active'
    where a.accrued_through < ${day}::date
    for update of a`);
  await tx.execute(sql`
    with charges as (
      select a.loan_id, late.penalty, coalesce(period.interest, 0) as interest,
        -- The day's interest is taken from the interest paid in advance first.
        least(a.interest_prepaid_tetri, coalesce(period.interest, 0)) as from_advance,
        coalesce(period.due_date = ${day}::date + 1, false) as period_ends,
        exists (
          select 1 from loan_instalments i
          where i.loan_id = a.loan_id and i.version = a.schedule_version
            and i.due_date = ${day}::date
        ) as due_today
      from loan_accounts a
      join loan_applications l on l.id = a.loan_id and l.status = 'active'
      cross join lateral (
        select a.principal_tetri - a.principal_paid_tetri - a.principal_prepaid_tetri as outstanding
      ) o
      cross join lateral (
        select
          coalesce(sum(i.principal_tetri) filter (where i.due_date < ${day}::date), 0) as before,
          coalesce(sum(i.principal_tetri), 0) as total
        from loan_instalments i where i.loan_id = a.loan_id and i.version = a.schedule_version
      ) s
      -- Payments fill the instalments from the first, prepayments from the last.
      cross join lateral (
        select case
          when a.interest_overdue_tetri > 0
            or s.before - a.principal_paid_tetri
              - greatest(0, a.principal_prepaid_tetri - (s.total - s.before)) > 0
          then least(
            o.outstanding::bigint * ${rate}::bigint / 1000000,
            greatest(0, o.outstanding::bigint * 3 / 2 - a.late_costs_tetri))
          else 0 end::int as penalty
      ) late
      -- The period the day falls in: from the previous due date (or the payout day) to the eve
      -- of the next due date; its scheduled interest in proportion to the principal outstanding.
      left join lateral (
        select p.due_date,
          (p.interest::bigint * o.outstanding * (p.day)
            / (p.opening::bigint * p.days)
          - p.interest::bigint * o.outstanding * (p.day - 1)
            / (p.opening::bigint * p.days))::int as interest
        from (
          select i.due_date, i.interest_tetri as interest,
            i.balance_tetri + i.principal_tetri as opening,
            i.due_date - starts.day as days, ${day}::date - starts.day + 1 as day
          from loan_instalments i
          cross join lateral (
            select coalesce(max(j.due_date), a.paid_out_on) as day from loan_instalments j
            where j.loan_id = i.loan_id and j.version = i.version and j.number < i.number
          ) starts
          where i.loan_id = a.loan_id and i.version = a.schedule_version
            and i.due_date > ${day}::date
          order by i.number limit 1
        ) p
        where p.day >= 1 and p.opening > 0 and p.days > 0
      ) period on true
      where a.accrued_through < ${day}::date
    ),
    closed as (
      update loan_accounts a set
        penalty_due_tetri = a.penalty_due_tetri + c.penalty,
        late_costs_tetri = a.late_costs_tetri + c.penalty,
        interest_overdue_tetri = a.interest_overdue_tetri
          + case when c.due_today then a.interest_due_tetri else 0 end,
        interest_due_tetri = case when c.due_today then 0 else a.interest_due_tetri end
          + case when c.period_ends then a.interest_accrued_tetri + c.interest - c.from_advance
            else 0 end,
        interest_accrued_tetri = case when c.period_ends then 0
          else a.interest_accrued_tetri + c.interest - c.from_advance end,
        interest_prepaid_tetri = a.interest_prepaid_tetri - c.from_advance,
        accrued_through = ${day}::date
      from charges c where c.loan_id = a.loan_id
      returning a.loan_id, c.interest, c.penalty
    )
    insert into loan_transactions (loan_id, kind, amount_tetri, business_date)
    select closed.loan_id, posted.kind, posted.amount, ${day}::date
    from closed
    cross join lateral (
      values ('interest_accrual', closed.interest), ('penalty', closed.penalty)
    ) posted (kind, amount)
    where posted.amount > 0
    on conflict do nothing`);
}
