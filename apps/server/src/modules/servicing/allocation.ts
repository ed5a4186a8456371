/*
 * Where a payment goes (issue 29): overdue penalty, overdue interest, overdue principal,
 * interest due, principal due; then, for an instalment, the interest accrued, the principal of
 * the period running's instalment, the interest still to come in the period (paid in advance,
 * decision 023) and the next instalments' principal in order; for a prepayment, the interest
 * accrued and the principal from the last instalment (the term shortens) with the
 * early-repayment fee on it. What is left after everything is a credit, and so is an advance of
 * interest once no principal is left to earn it.
 * Pure; amounts in tetri.
 */
import {
  duesOn,
  instalmentBalances,
  principalOutstanding,
  type AccountTotals,
  type Instalment,
} from './account.ts';
import { periodOn, type RunningPeriod } from './close-day.ts';
import { interestToCome } from './interest.ts';

export type PaymentPurpose = 'instalment' | 'prepayment';

export interface Allocation {
  penalty: number;
  interest: number;
  principal: number;
  fee: number;
  credit: number;
}

export interface Allocated {
  allocation: Allocation;
  /** The account's totals once the payment is in. */
  totals: AccountTotals;
}

/** The fee on `principal` repaid early at `feeBp` hundredths of a percent, rounded down. */
export const earlyRepaymentFee = (principal: number, feeBp: number) =>
  Math.floor((principal * feeBp) / 10_000);

/** The most principal `amount` prepays when each tetri of it carries the fee too. */
function prepayable(amount: number, principal: number, feeBp: number): number {
  let prepaid = Math.min(principal, Math.floor((amount * 10_000) / (10_000 + feeBp)));
  while (prepaid < principal && prepaid + 1 + earlyRepaymentFee(prepaid + 1, feeBp) <= amount) {
    prepaid += 1;
  }
  return prepaid;
}

/**
 * The interest an instalment paid before its due date pays in advance: that of the days from the
 * payment's to the period's end on the principal `outstanding` once the instalment's is paid,
 * less what is held in advance already. Close of day takes each day's interest from it, so
 * nothing of the period falls due unpaid.
 */
function interestInAdvance(running: RunningPeriod, outstanding: number, held: number): number {
  const toCome = interestToCome(running.period, outstanding, running.day);
  // Principal paid further ahead lowers the principal, and a day's interest on less can round a
  // tetri higher: that tetri is held too (what is left of an advance serves the next period).
  const rounding = toCome > 0 ? 1 : 0;
  return Math.max(0, toCome + rounding - held);
}

export function allocatePayment(
  amount: number,
  {
    schedule,
    totals,
    today,
    paidOutOn,
    purpose,
    feeBp,
  }: {
    schedule: readonly Instalment[];
    totals: AccountTotals;
    today: string;
    /** The payout's business day: the first interest period starts on it. */
    paidOutOn: string;
    purpose: PaymentPurpose;
    /** The early-repayment fee on `today`, hundredths of a percent (payoff.ts). */
    feeBp: number;
  },
): Allocated {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`a payment is a positive number of tetri: ${amount}`);
  }
  const dues = duesOn(schedule, totals, today);
  let left = amount;
  const take = (owed: number) => {
    const paid = Math.min(left, owed);
    left -= paid;
    return paid;
  };
  const penalty = take(dues.penalty);
  const overdueInterest = take(dues.overdueInterest);
  const overduePrincipal = take(dues.overduePrincipal);
  const interestDue = take(dues.interestDue);
  const principalDue = take(dues.principalDue);
  const interestAccrued = take(dues.interestAccrued);
  let inAdvance = 0;
  let ahead = 0;
  let prepaid = 0;
  let fee = 0;
  if (purpose === 'instalment') {
    // The instalment of the period running first, its interest to come, then the next ones.
    const running = periodOn(today, { schedule, paidOutOn });
    const next = running
      ? (instalmentBalances(schedule, totals).find(({ dueDate }) => dueDate === running.dueDate)
          ?.unpaid ?? 0)
      : 0;
    const later = dues.futurePrincipal - next;
    ahead = take(next);
    // A payment that repays every principal leaves no interest to come.
    inAdvance =
      running && left < later ? take(interestInAdvance(running, later, totals.interestPrepaid)) : 0;
    ahead += take(later);
  } else {
    prepaid = prepayable(left, dues.futurePrincipal, feeBp);
    fee = earlyRepaymentFee(prepaid, feeBp);
    left -= prepaid + fee;
  }
  const credit = left;
  const after = {
    ...totals,
    penaltyDue: totals.penaltyDue - penalty,
    interestOverdue: totals.interestOverdue - overdueInterest,
    interestDue: totals.interestDue - interestDue,
    interestAccrued: totals.interestAccrued - interestAccrued,
    interestPrepaid: totals.interestPrepaid + inAdvance,
    principalPaid: totals.principalPaid + overduePrincipal + principalDue + ahead,
    principalPrepaid: totals.principalPrepaid + prepaid,
    credit: totals.credit + credit,
  };
  const unearned = principalOutstanding(after) === 0 ? after.interestPrepaid : 0;
  return {
    allocation: {
      penalty,
      interest: overdueInterest + interestDue + interestAccrued + inAdvance,
      principal: overduePrincipal + principalDue + ahead + prepaid,
      fee,
      credit,
    },
    totals: {
      ...after,
      interestPrepaid: after.interestPrepaid - unearned,
      credit: after.credit + unearned,
    },
  };
}

/**
 * A payment on a loan being withdrawn from (decision 022): the interest of the days used, then
 * the principal paid out; the rest is a credit.
 */
export function allocateWithdrawalPayment(
  amount: number,
  { interestLeft, principalLeft }: { interestLeft: number; principalLeft: number },
): Allocation {
  const interest = Math.min(amount, Math.max(0, interestLeft));
  const principal = Math.min(amount - interest, Math.max(0, principalLeft));
  return { penalty: 0, interest, principal, fee: 0, credit: amount - interest - principal };
}
