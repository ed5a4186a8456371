import type { NextStep } from '@sesxi/contract';
import { desc, inArray } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { payouts } from '#app/db/schema.ts';

/** What the customer of a signed application does about its payout. */
export type PayoutNextStep = Extract<NextStep, 'change_account' | 'wait_for_payout'>;

/**
 * The next step of each signed application `signedIds` names: another account when the bank
 * refused the last payout (until a new signature queues the next one), otherwise waiting for
 * the payout. Reads the payouts module's table in SQL: that module stands above this one.
 */
export async function payoutNextSteps(
  db: Database,
  signedIds: readonly number[],
): Promise<Map<number, PayoutNextStep>> {
  const steps = new Map<number, PayoutNextStep>(signedIds.map((id) => [id, 'wait_for_payout']));
  if (signedIds.length === 0) return steps;
  const latest = await db
    .selectDistinctOn([payouts.loanId], { loanId: payouts.loanId, state: payouts.state })
    .from(payouts)
    .where(inArray(payouts.loanId, [...signedIds]))
    .orderBy(payouts.loanId, desc(payouts.id));
  for (const { loanId, state } of latest) {
    if (state === 'refused') steps.set(loanId, 'change_account');
  }
  return steps;
}
