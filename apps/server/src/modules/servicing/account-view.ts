import { toGel, type InstalmentState, type LoanAccount } from '@sesxi/contract';
import {
  daysPastDue,
  duesOn,
  instalmentBalances,
  principalOutstanding,
  type AccountTotals,
  type Instalment,
} from './account.ts';
import { lateCostsCapLeft } from './late-costs.ts';
import type { LoanTransaction } from './repository.ts';

/**
 * The customer's view of an account on `today`, in lari: each instalment's principal paid as
 * the account fills them, its interest as the interest paid fills the schedule's in order.
 */
export function accountView({
  status,
  schedule,
  totals,
  transactions,
  today,
}: {
  status: LoanAccount['status'];
  schedule: readonly Instalment[];
  totals: AccountTotals;
  transactions: readonly LoanTransaction[];
  today: string;
}): LoanAccount {
  // An advance of interest released takes back interest a payment had paid.
  let interestPaid = transactions.reduce(
    (sum, row) =>
      sum + (row.kind === 'payment' || row.kind === 'advance_release' ? row.interestTetri : 0),
    0,
  );
  const interestUnpaid = totals.interestDue + totals.interestOverdue;
  const rows = instalmentBalances(schedule, totals).map((row) => {
    const interest = Math.min(row.interest, interestPaid);
    interestPaid -= interest;
    const left = row.unpaid + row.interest - interest;
    // A principal paid before its due date leaves less interest to accrue on it than the
    // schedule's: the instalment is paid when its principal is and no interest fell due unpaid.
    const paidOff = row.unpaid === 0 && (left === 0 || row.dueDate > today || interestUnpaid === 0);
    return { row, paid: row.principal - row.unpaid + interest, left, paidOff };
  });
  const next = rows.find(({ row, paidOff }) => !paidOff && row.dueDate >= today);
  const state = ({ row, paidOff }: (typeof rows)[number]): InstalmentState => {
    if (paidOff) return 'paid';
    if (row.dueDate < today) return 'overdue';
    return row === next?.row ? 'due' : 'future';
  };
  const dues = duesOn(schedule, totals, today);
  const overdueTotal = dues.overduePrincipal + dues.overdueInterest + dues.penalty;
  return {
    status,
    principal_outstanding: toGel(principalOutstanding(totals)),
    next_payment: next ? { date: next.row.dueDate, amount: toGel(next.left) } : null,
    overdue: {
      days: daysPastDue(schedule, totals, today),
      principal: toGel(dues.overduePrincipal),
      interest: toGel(dues.overdueInterest),
      penalty: toGel(dues.penalty),
      total: toGel(overdueTotal),
    },
    late_costs_cap_left: toGel(lateCostsCapLeft(principalOutstanding(totals), totals.lateCosts)),
    credit_balance: toGel(totals.credit),
    schedule: rows.map((entry) => ({
      number: entry.row.number,
      date: entry.row.dueDate,
      principal: toGel(entry.row.principal),
      interest: toGel(entry.row.interest),
      total: toGel(entry.row.principal + entry.row.interest),
      paid: toGel(entry.paid),
      state: state(entry),
    })),
    transactions: transactions.map((row) => ({
      id: row.id,
      date: row.businessDate,
      kind: row.kind,
      amount: toGel(row.amountTetri),
      allocation: {
        penalty: toGel(row.penaltyTetri),
        interest: toGel(row.interestTetri),
        principal: toGel(row.principalTetri),
        fee: toGel(row.feeTetri),
        credit: toGel(row.creditTetri),
      },
      reference: row.reference,
    })),
  };
}
