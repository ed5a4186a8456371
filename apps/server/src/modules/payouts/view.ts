import { formatTimestamp, type Contract } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { createPayoutRepository, type Payout } from './repository.ts';

/** A payout as the API shows it: on a signed contract, and in the core's report's answer. */
export type PayoutView = NonNullable<Contract['payout']>;

export function payoutView(payout: Payout): PayoutView {
  return {
    state: payout.state,
    bank_reference: payout.bankReference,
    paid_at: payout.paidAt && formatTimestamp(payout.paidAt),
  };
}

/** What a signed contract shows of its payout (`contract.payout`): the last one, null before any. */
export async function lastPayoutView(db: Database, loanId: number): Promise<PayoutView | null> {
  const payout = await createPayoutRepository(db).lastOf(loanId);
  return payout ? payoutView(payout) : null;
}
