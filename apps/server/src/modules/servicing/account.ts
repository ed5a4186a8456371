/*
 * A loan's account as pure data (decision 023): the fixed schedule and the running totals the
 * ledger adds up to, all in tetri, and what follows from them on a business date. No database.
 */
import { daysBetween, parseIsoDate } from '@sesxi/contract';

/** One row of the schedule fixed at the payout. */
export interface Instalment {
  number: number;
  /** `YYYY-MM-DD` */
  dueDate: string;
  principal: number;
  /** The interest the schedule charges for the period ending on `dueDate`. */
  interest: number;
}

/** The running totals of `loan_accounts`, in tetri. */
export interface AccountTotals {
  /** The principal of the schedule. */
  principal: number;
  /** Principal paid to the instalments in their order. */
  principalPaid: number;
  /** Principal prepaid, taken from the last instalments. */
  principalPrepaid: number;
  /** Interest accrued in the period running. */
  interestAccrued: number;
  /**
   * Interest paid in advance with an instalment paid before its due date: each day's interest
   * is taken from it first, until it is used up.
   */
  interestPrepaid: number;
  /** Unpaid interest of the period due on the business date. */
  interestDue: number;
  /** Unpaid interest of periods past their due date. */
  interestOverdue: number;
  penaltyDue: number;
  /** Every late cost ever charged. */
  lateCosts: number;
  credit: number;
}

export const openTotals = (principal: number): AccountTotals => ({
  principal,
  principalPaid: 0,
  principalPrepaid: 0,
  interestAccrued: 0,
  interestPrepaid: 0,
  interestDue: 0,
  interestOverdue: 0,
  penaltyDue: 0,
  lateCosts: 0,
  credit: 0,
});

export const principalOutstanding = (totals: AccountTotals) =>
  totals.principal - totals.principalPaid - totals.principalPrepaid;

/** Everything owed now: principal, interest accrued so far and penalties. */
export const owed = (totals: AccountTotals) =>
  principalOutstanding(totals) +
  totals.interestAccrued +
  totals.interestDue +
  totals.interestOverdue +
  totals.penaltyDue;

/** Days from one `YYYY-MM-DD` to another (positive when `to` is later). */
export const daysFrom = (from: string, to: string) =>
  daysBetween(parseIsoDate(from), parseIsoDate(to));

/** An instalment with the principal of it still unpaid. */
export interface InstalmentBalance extends Instalment {
  unpaid: number;
}

/**
 * Each instalment with its principal still unpaid: payments fill them from the first,
 * prepayments from the last (the term shortens).
 */
export function instalmentBalances(
  schedule: readonly Instalment[],
  totals: AccountTotals,
): InstalmentBalance[] {
  let fromFirst = totals.principalPaid;
  const rows = schedule.map((row) => {
    const paid = Math.min(row.principal, fromFirst);
    fromFirst -= paid;
    return { ...row, unpaid: row.principal - paid };
  });
  let fromLast = totals.principalPrepaid;
  for (const row of rows.toReversed()) {
    const paid = Math.min(row.unpaid, fromLast);
    fromLast -= paid;
    row.unpaid -= paid;
  }
  return rows;
}

/** What is owed on `today`, split as a payment meets it. */
export interface Dues {
  penalty: number;
  overdueInterest: number;
  overduePrincipal: number;
  interestDue: number;
  /** Principal of the instalments due on `today`. */
  principalDue: number;
  /** Interest accrued in the period running, not due yet. */
  interestAccrued: number;
  /** Principal not due yet. */
  futurePrincipal: number;
}

export function duesOn(
  schedule: readonly Instalment[],
  totals: AccountTotals,
  today: string,
): Dues {
  const rows = instalmentBalances(schedule, totals);
  const sum = (when: (dueDate: string) => boolean) =>
    rows.reduce((total, { dueDate, unpaid }) => total + (when(dueDate) ? unpaid : 0), 0);
  return {
    penalty: totals.penaltyDue,
    overdueInterest: totals.interestOverdue,
    overduePrincipal: sum((dueDate) => dueDate < today),
    interestDue: totals.interestDue,
    principalDue: sum((dueDate) => dueDate === today),
    interestAccrued: totals.interestAccrued,
    futurePrincipal: sum((dueDate) => dueDate > today),
  };
}

/**
 * Days past due on `today`: day 1 is the day after the due date of the oldest instalment left
 * unpaid; 0 when nothing is late. Interest or penalty unpaid with every past instalment's
 * principal paid counts from the latest past due date.
 */
export function daysPastDue(
  schedule: readonly Instalment[],
  totals: AccountTotals,
  today: string,
): number {
  const lateInterest = totals.interestOverdue + totals.penaltyDue > 0;
  const oldest =
    instalmentBalances(schedule, totals).find(
      ({ dueDate, unpaid }) => dueDate < today && unpaid > 0,
    ) ?? (lateInterest ? schedule.findLast(({ dueDate }) => dueDate < today) : undefined);
  return oldest ? daysFrom(oldest.dueDate, today) : 0;
}
