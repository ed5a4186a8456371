import type { Database } from '#app/db/database.ts';
import { httpError } from '#app/errors.ts';
import { createPayoutRepository } from './repository.ts';

/**
 * Whether a withdrawn loan's money had left the lender: when it had, how much (tetri) and on
 * which business day, from which the days' interest is counted.
 */
export type WithdrawalPayout =
  { outcome: 'not_paid' } | { outcome: 'paid'; amount: number; paidOn: string };

/**
 * The payout's side of a withdrawal, in the withdrawal's transaction `tx`, whose caller holds
 * the application's row lock (the sending job takes it too, so the two take turns). A payout
 * not yet sent is cancelled and never sent (`not_paid`, as when there is none); a paid one
 * answers `paid` with its amount and day. One in flight (the bank asked, its answer not in) is neither: 409, try again
 * shortly, by when the bank's answer makes it one or the other.
 */
export async function settlePayoutForWithdrawal(
  tx: Database,
  loanId: number,
  now: Date,
): Promise<WithdrawalPayout> {
  const payouts = createPayoutRepository(tx);
  const payout = await payouts.liveOf(loanId);
  switch (payout?.state) {
    case undefined:
      return { outcome: 'not_paid' };
    case 'pending':
      await payouts.cancel(payout.id, now);
      return { outcome: 'not_paid' };
    case 'paid':
      if (payout.payoutDate === null)
        throw new Error(`paid payout ${String(payout.id)} has no day`);
      return { outcome: 'paid', amount: payout.amountTetri, paidOn: payout.payoutDate };
    default:
      throw httpError(409, 'payout.inProgress');
  }
}
