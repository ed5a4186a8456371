/*
 * Early repayment (issue 29): the fee by the term left, and what repays the whole loan on a day.
 * Pure; amounts in tetri.
 */
import { addDaysToIsoDate, addMonths, formatIsoDate, parseIsoDate } from '@sesxi/contract';
import { earlyRepaymentFees } from '#app/modules/contracts/index.ts';
import { duesOn, instalmentBalances, principalOutstanding, type AccountTotals } from './account.ts';
import { earlyRepaymentFee } from './allocation.ts';
import { closeDay, type LoanTerms } from './close-day.ts';

/**
 * The early-repayment fee on `day`, hundredths of a percent, by the term left to the last
 * instalment still unpaid: more than 24 months 2%, more than 12 1%, more than 6 0.5%, else 0.
 */
export function earlyRepaymentFeeBp(
  day: string,
  { schedule }: Pick<LoanTerms, 'schedule'>,
  totals: AccountTotals,
): number {
  const last = instalmentBalances(schedule, totals).findLast(({ unpaid }) => unpaid > 0);
  if (!last) return 0;
  const start = parseIsoDate(day);
  const row = earlyRepaymentFees.find(
    ({ moreThanMonths }) => formatIsoDate(addMonths(start, moreThanMonths)) < last.dueDate,
  );
  return Math.round((row?.percent ?? 0) * 100);
}

export interface Payoff {
  principal: number;
  /**
   * The interest to the day less the advance of interest still unearned on it (decision 023):
   * negative when the advance is the greater.
   */
  interest: number;
  penalty: number;
  fee: number;
  total: number;
}

/**
 * What a prepayment made on `day` must be to repay everything: the days from `accruedThrough`
 * to `day` closed as close of day would (nothing paid meanwhile), then the principal
 * outstanding, the interest to that day net of the advance still held for the days after it
 * (paying the total releases it into the principal), the penalties and the fee on the principal
 * not due.
 */
export function payoffOn(
  day: string,
  terms: LoanTerms,
  { totals, accruedThrough }: { totals: AccountTotals; accruedThrough: string },
): Payoff {
  let projected = totals;
  for (
    let next = addDaysToIsoDate(accruedThrough, 1);
    next < day;
    next = addDaysToIsoDate(next, 1)
  ) {
    projected = closeDay(next, terms, projected).totals;
  }
  const principal = principalOutstanding(projected);
  const interest =
    projected.interestAccrued +
    projected.interestDue +
    projected.interestOverdue -
    projected.interestPrepaid;
  const fee = earlyRepaymentFee(
    duesOn(terms.schedule, projected, day).futurePrincipal,
    earlyRepaymentFeeBp(day, terms, projected),
  );
  const penalty = projected.penaltyDue;
  return { principal, interest, penalty, fee, total: principal + interest + penalty + fee };
}
