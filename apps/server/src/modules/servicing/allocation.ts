/*
 * Where a payment goes (issue 29): overdue penalty, overdue interest, overdue principal,
 * interest due, principal due; then, for an instalment, the interest accrued and the next
 * instalments' principal in order; for a prepayment, the interest accrued and the principal
 * from the last instalment (the term shortens) with the early-repayment fee on it. What is left
 * after everything is a credit. Pure; amounts in tetri.
 */
import { duesOn, type AccountTotals, type Instalment } from './account.ts';

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

export function allocatePayment(
  amount: number,
  {
    schedule,
    totals,
    today,
    purpose,
    feeBp,
  }: {
    schedule: readonly Instalment[];
    totals: AccountTotals;
    today: string;
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
  let ahead = 0;
  let prepaid = 0;
  let fee = 0;
  if (purpose === 'instalment') {
    ahead = take(dues.futurePrincipal);
  } else {
    prepaid = prepayable(left, dues.futurePrincipal, feeBp);
    fee = earlyRepaymentFee(prepaid, feeBp);
    left -= prepaid + fee;
  }
  const credit = left;
  return {
    allocation: {
      penalty,
      interest: overdueInterest + interestDue + interestAccrued,
      principal: overduePrincipal + principalDue + ahead + prepaid,
      fee,
      credit,
    },
    totals: {
      ...totals,
      penaltyDue: totals.penaltyDue - penalty,
      interestOverdue: totals.interestOverdue - overdueInterest,
      interestDue: totals.interestDue - interestDue,
      interestAccrued: totals.interestAccrued - interestAccrued,
      principalPaid: totals.principalPaid + overduePrincipal + principalDue + ahead,
      principalPrepaid: totals.principalPrepaid + prepaid,
      credit: totals.credit + credit,
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
