/*
 * One day's close for one loan as a pure function: the interest of the day, the penalty of an
 * overdue day, and the day's moves (interest due on the due date's eve, overdue after it). A
 * day's interest is taken from the interest paid in advance first (allocation.ts). The payoff
 * quote projects with it; close-of-day.ts runs the same rules set-based in SQL, and a test holds
 * the two together.
 */
import { addDaysToIsoDate } from '@sesxi/contract';
import {
  type AccountTotals,
  daysFrom,
  duesOn,
  type Instalment,
  principalOutstanding,
} from './account.ts';
import { dailyInterest, type InterestPeriod } from './interest.ts';
import { dailyPenalty } from './late-costs.ts';

export interface LoanTerms {
  schedule: readonly Instalment[];
  /** The payout's business day: the first period starts on it. */
  paidOutOn: string;
  /** The penalty rate, millionths of the principal outstanding a day. */
  penaltyPpmDaily: number;
}

export interface ClosedDay {
  totals: AccountTotals;
  interest: number;
  penalty: number;
}

/** The interest period a day falls in, with the day's number in it (1 = its first day). */
export interface RunningPeriod {
  dueDate: string;
  period: InterestPeriod;
  day: number;
}

export function periodOn(
  day: string,
  { schedule, paidOutOn }: Pick<LoanTerms, 'schedule' | 'paidOutOn'>,
): RunningPeriod | undefined {
  const index = schedule.findIndex(({ dueDate }) => dueDate > day);
  const row = schedule[index];
  const start = schedule[index - 1]?.dueDate ?? paidOutOn;
  if (!row || start > day) return undefined;
  return {
    dueDate: row.dueDate,
    period: {
      interest: row.interest,
      openingBalance: schedule.slice(index).reduce((sum, { principal }) => sum + principal, 0),
      days: daysFrom(start, row.dueDate),
    },
    day: daysFrom(start, day) + 1,
  };
}

export function closeDay(day: string, terms: LoanTerms, totals: AccountTotals): ClosedDay {
  const { schedule, penaltyPpmDaily } = terms;
  const outstanding = principalOutstanding(totals);
  const dues = duesOn(schedule, totals, day);
  const late = dues.overdueInterest + dues.overduePrincipal > 0;
  const penalty = late ? dailyPenalty(outstanding, totals.lateCosts, penaltyPpmDaily) : 0;
  const running = periodOn(day, terms);
  const interest = running ? dailyInterest(running.period, outstanding, running.day) : 0;
  const dueToday = schedule.some(({ dueDate }) => dueDate === day);
  const periodEnds = running?.dueDate === addDaysToIsoDate(day, 1);
  const fromAdvance = Math.min(totals.interestPrepaid, interest);
  const accrued = totals.interestAccrued + interest - fromAdvance;
  return {
    interest,
    penalty,
    totals: {
      ...totals,
      penaltyDue: totals.penaltyDue + penalty,
      lateCosts: totals.lateCosts + penalty,
      interestOverdue: totals.interestOverdue + (dueToday ? totals.interestDue : 0),
      interestDue: (dueToday ? 0 : totals.interestDue) + (periodEnds ? accrued : 0),
      interestAccrued: periodEnds ? 0 : accrued,
      interestPrepaid: totals.interestPrepaid - fromAdvance,
    },
  };
}
