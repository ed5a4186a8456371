/*
 * The schedule a prepayment leaves (issue 29, decision 023). The instalments due by the
 * prepayment's day stay as they were; a row on that day records what the payments repaid beyond
 * them and the interest the prepayment paid; the principal outstanding is then scheduled over
 * the remaining due dates at the contract's rate, from the prepayment's day. Keeping the term
 * spreads it as an annuity over every remaining date (a lower instalment); keeping the payment
 * pays each date's instalment as it was until it is repaid (a shorter term). The last row repays what is left, so
 * the principal sums exactly. Pure; amounts in tetri.
 */
import { days30E360, parseIsoDate } from '@sesxi/contract';
import {
  instalmentBalances,
  principalOutstanding,
  type AccountTotals,
  type Instalment,
} from './account.ts';

export type Keep = 'term' | 'payment';

/** A stored schedule row: the instalment with the monthly fee and the balance after it. */
export interface ScheduleRow extends Instalment {
  fee: number;
  /** The principal still owed after this row. */
  balance: number;
}

export interface Rescheduled {
  schedule: ScheduleRow[];
  /**
   * The account on the new schedule: every principal repaid so far fills its rows from the
   * first, so nothing is left prepaid from the end.
   */
  totals: AccountTotals;
}

/** The interest on `balance` at `nominalRate` (annual, percent) for `days30` days of 30E/360. */
const interestFor = (balance: number, nominalRate: number, days30: number) =>
  Math.round((balance * nominalRate * days30) / (100 * 12 * 30));

/**
 * `outstanding` scheduled over the dates of `remaining` from `today`, each date paying
 * `instalment(date's row)`: a row's interest is its period's on the balance, never more than
 * the date had before (so the caps the payout's schedule was fixed within still hold), its
 * principal what the instalment leaves; the last date repays the rest.
 */
function repayments(
  outstanding: number,
  remaining: readonly ScheduleRow[],
  { today, nominalRate }: RescheduleTerms,
  instalment: (was: ScheduleRow) => number,
): Omit<ScheduleRow, 'number'>[] {
  const rows: Omit<ScheduleRow, 'number'>[] = [];
  let balance = outstanding;
  let periodStart = today;
  for (const [index, was] of remaining.entries()) {
    if (balance === 0) break;
    const days30 = days30E360(parseIsoDate(periodStart), parseIsoDate(was.dueDate));
    const interest = Math.min(was.interest, interestFor(balance, nominalRate, days30));
    const principal =
      index === remaining.length - 1
        ? balance
        : Math.min(balance, Math.max(0, instalment(was) - interest));
    balance -= principal;
    rows.push({ dueDate: was.dueDate, principal, interest, fee: was.fee, balance });
    periodStart = was.dueDate;
  }
  return rows;
}

/** The least integer in [`low`, `high`] where `holds` (true from some point on), else `high`. */
function least(low: number, high: number, holds: (value: number) => boolean): number {
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (holds(middle)) high = middle;
    else low = middle + 1;
  }
  return high;
}

/**
 * Keeping the term: a level instalment over every remaining date, the least one whose last
 * date pays no more than the others. When the rounding leaves none (tetri spread over many
 * dates), the largest that still leaves the last date something to repay.
 */
function levelled(
  outstanding: number,
  remaining: readonly ScheduleRow[],
  terms: RescheduleTerms,
): Omit<ScheduleRow, 'number'>[] {
  const plan = (instalment: number) => repayments(outstanding, remaining, terms, () => instalment);
  const most = outstanding + Math.max(...remaining.map((row) => row.interest));
  const level = least(1, most, (instalment) => {
    const last = plan(instalment).at(-1);
    return !last || last.principal + last.interest <= instalment;
  });
  const reachesTheTerm = (instalment: number) => plan(instalment).length === remaining.length;
  if (reachesTheTerm(level)) return plan(level);
  return plan(least(1, level, (instalment) => !reachesTheTerm(instalment)) - 1);
}

export interface RescheduleTerms {
  /** The prepayment's business day, `YYYY-MM-DD`. */
  today: string;
  /** The contract's annual nominal rate, percent. */
  nominalRate: number;
  keep: Keep;
}

/**
 * The schedule after a payment that prepaid principal, from the account `before` and `after`
 * it; undefined when it prepaid nothing or repaid everything.
 */
export function reschedule(
  schedule: readonly ScheduleRow[],
  { before, after }: { before: AccountTotals; after: AccountTotals },
  terms: RescheduleTerms,
): Rescheduled | undefined {
  const outstanding = principalOutstanding(after);
  if (after.principalPrepaid === before.principalPrepaid || outstanding === 0) return undefined;
  const { today } = terms;
  const kept = schedule.filter(({ dueDate }) => dueDate <= today);
  const balances = instalmentBalances(schedule, before);
  const termEnd = balances.findLast(({ unpaid }) => unpaid > 0)?.dueDate ?? today;
  const remaining = schedule.filter(({ dueDate }) => dueDate > today && dueDate <= termEnd);
  const repaid = after.principalPaid + after.principalPrepaid;
  const keptPrincipal = kept.reduce((sum, row) => sum + row.principal, 0);
  const prepaymentRow: ScheduleRow = {
    number: kept.length + 1,
    dueDate: today,
    principal: repaid - keptPrincipal,
    interest: before.interestAccrued - after.interestAccrued,
    fee: 0,
    balance: outstanding,
  };
  const rows =
    terms.keep === 'term'
      ? levelled(outstanding, remaining, terms)
      : repayments(outstanding, remaining, terms, (was) => was.principal + was.interest);
  const rescheduled = rows.map((row, index) => ({
    number: prepaymentRow.number + 1 + index,
    ...row,
  }));
  return {
    schedule: [...kept, prepaymentRow, ...rescheduled],
    totals: { ...after, principalPaid: repaid, principalPrepaid: 0 },
  };
}
