/*
 * The schedule a prepayment leaves (issue 29, decision 023). The instalments due by the
 * prepayment's day stay as they were; a row on that day records what the payments repaid beyond
 * them and the interest the prepayment paid; the principal outstanding is then scheduled over
 * the remaining due dates at the contract's rate, from the prepayment's day. Keeping the term
 * spreads it as an annuity over every remaining date (a lower instalment); keeping the payment
 * pays it off at the instalment it had (a shorter term). The last row repays what is left, so
 * the principal sums exactly. Pure; amounts in tetri.
 */
import { days30E360, parseIsoDate, repaymentsTetri } from '@sesxi/contract';
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
 * `outstanding` scheduled over the dates of `remaining` from `today`: a row's interest is its
 * period's on the balance, its principal the annuity's (keeping the term) or what `instalment`
 * leaves after the interest (keeping the payment); the last date repays the rest.
 */
function repayments(
  outstanding: number,
  remaining: readonly ScheduleRow[],
  { today, nominalRate, keep }: RescheduleTerms,
  instalment: number,
): Omit<ScheduleRow, 'number'>[] {
  const pricing = {
    nominal_rate: nominalRate,
    origination_fee_percent: 0,
    origination_fee_fixed: 0,
    monthly_fee: 0,
  };
  const annuity = repaymentsTetri(pricing, outstanding, remaining.length).principal;
  const rows: Omit<ScheduleRow, 'number'>[] = [];
  let balance = outstanding;
  let periodStart = today;
  for (const [index, { dueDate, fee }] of remaining.entries()) {
    if (balance === 0) break;
    const days30 = days30E360(parseIsoDate(periodStart), parseIsoDate(dueDate));
    const interest = interestFor(balance, nominalRate, days30);
    const scheduled = keep === 'term' ? (annuity[index] ?? 0) : Math.max(0, instalment - interest);
    const principal = index === remaining.length - 1 ? balance : Math.min(balance, scheduled);
    balance -= principal;
    rows.push({ dueDate, principal, interest, fee, balance });
    periodStart = dueDate;
  }
  return rows;
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
  // The instalment kept is a regular one: the first may run a longer or shorter period, and
  // the last settles the rounding.
  const regular = remaining.at(-2) ?? remaining.at(-1);
  const instalment = regular ? regular.principal + regular.interest : 0;
  const prepaymentRow: ScheduleRow = {
    number: kept.length + 1,
    dueDate: today,
    principal: repaid - keptPrincipal,
    interest: before.interestAccrued - after.interestAccrued,
    fee: 0,
    balance: outstanding,
  };
  const rescheduled = repayments(outstanding, remaining, terms, instalment).map((row, index) => ({
    number: prepaymentRow.number + 1 + index,
    ...row,
  }));
  return {
    schedule: [...kept, prepaymentRow, ...rescheduled],
    totals: { ...after, principalPaid: repaid, principalPrepaid: 0 },
  };
}
