import { addDaysToIsoDate, days30E360, parseIsoDate } from '@sesxi/contract';
import type { PayoutSettlement } from './ports.ts';

/** Days the customer has to return what is owed after withdrawing from a paid-out loan. */
export const repaymentDays = 30;

/** What a withdrawal leaves owed, in tetri, and by when. */
export interface WithdrawalTerms {
  state: 'withdrawn' | 'withdrawing';
  principal: number;
  interest: number;
  amountDue: number;
  daysUsed: number;
  dueDate: string | null;
}

/**
 * What the customer owes on withdrawing on `today` (domain-notes.md): before the payout
 * nothing; after it the principal paid out and the interest of the days used at the contract's
 * nominal rate, by 30 days on. The lender's fees are waived: an upfront fee kept from the
 * payout was never paid out, so it is in no principal. The days are counted 30E/360 and
 * charged at nominal / 360 a day, as the schedule charges a month's interest (nominal / 12)
 * and scales a short first month by its 30E/360 days.
 */
export function withdrawalTerms(
  settlement: PayoutSettlement,
  { nominalRate, today }: { nominalRate: number; today: string },
): WithdrawalTerms {
  if (settlement.outcome === 'not_paid') {
    return {
      state: 'withdrawn',
      principal: 0,
      interest: 0,
      amountDue: 0,
      daysUsed: 0,
      dueDate: null,
    };
  }
  const daysUsed = Math.max(0, days30E360(parseIsoDate(settlement.paidOn), parseIsoDate(today)));
  const interest = Math.round((settlement.amount * nominalRate * daysUsed) / (100 * 360));
  return {
    state: 'withdrawing',
    principal: settlement.amount,
    interest,
    amountDue: settlement.amount + interest,
    daysUsed,
    dueDate: addDaysToIsoDate(today, repaymentDays),
  };
}
