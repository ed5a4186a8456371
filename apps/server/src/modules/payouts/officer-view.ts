import type { applicationContract, ResponseOf } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { createPayoutRepository } from './repository.ts';
import { payoutView } from './view.ts';

/** The application's last payout as its officer reads it: with the bank's tries and refusal. */
export async function officerPayoutView(
  db: Database,
  loanId: number,
): Promise<ResponseOf<typeof applicationContract>['payout']> {
  const payout = await createPayoutRepository(db).lastOf(loanId);
  if (!payout) return null;
  return {
    ...payoutView(payout),
    attempts: payout.attempts,
    refusal_reason: payout.refusalReason,
  };
}
