/*
 * Where a payment goes (issue 29): overdue penalty, overdue interest, overdue principal,
 * interest due, principal due; then, for an instalment, the interest accrued, the principal of
 * the period running's instalment, the interest still to come in the period (paid in advance,
 * decision 023) and the next instalments' principal in order; for a prepayment, the interest
 * accrued and the principal from the last instalment (the term shortens) with the
 * early-repayment fee on it. What is left after everything is a credit. An advance of interest
 * still held is released (an `advance_release` correction, decision 023): into principal when
 * the payment and it together repay the loan, into credit once no principal is left to earn it.
 * Pure; amounts in tetri.
 */
import {
  duesOn,
  instalmentBalances,
  owed,
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
  /**
   * The advance of interest the payment released, as its `advance_release` row allocates it:
   * out of interest (negative) into principal or credit, summing to 0.
   */
  release?: Allocation;
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

interface PaymentContext {
  schedule: readonly Instalment[];
  totals: AccountTotals;
  today: string;
  /** The payout's business day: the first interest period starts on it. */
  paidOutOn: string;
  purpose: PaymentPurpose;
  /** The early-repayment fee on `today`, hundredths of a percent (payoff.ts). */
  feeBp: number;
}

const noAllocation: Allocation = { penalty: 0, interest: 0, principal: 0, fee: 0, credit: 0 };

/**
 * Where a payment goes, with the advance of interest held (close of day takes the days'
 * interest from it) released when it is no longer to be earned: a payment that repays the loan
 * only with it applies it to the principal (so paying the payoff quote, which nets it off,
 * closes the loan); one that leaves no principal without it turns it into credit.
 */
export function allocatePayment(amount: number, context: PaymentContext): Allocated {
  const held = context.totals.interestPrepaid;
  const paid = allocateAmount(amount, context);
  if (held === 0) return paid;
  if (principalOutstanding(paid.totals) === 0) {
    const unearned = paid.totals.interestPrepaid;
    return {
      ...paid,
      release: { ...noAllocation, interest: -unearned, credit: unearned },
      totals: { ...paid.totals, interestPrepaid: 0, credit: paid.totals.credit + unearned },
    };
  }
  const withAdvance = allocateAmount(amount + held, {
    ...context,
    totals: { ...context.totals, interestPrepaid: 0 },
  });
  if (owed(withAdvance.totals) > 0 || withAdvance.allocation.principal < held) return paid;
  return {
    allocation: { ...withAdvance.allocation, principal: withAdvance.allocation.principal - held },
    release: { ...noAllocation, interest: -held, principal: held },
    totals: withAdvance.totals,
  };
}

function allocateAmount(
  amount: number,
  { schedule, totals, today, paidOutOn, purpose, feeBp }: PaymentContext,
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
  return {
    allocation: {
      penalty,
      interest: overdueInterest + interestDue + interestAccrued + inAdvance,
      principal: overduePrincipal + principalDue + ahead + prepaid,
      fee,
      credit,
    },
    totals: after,
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
