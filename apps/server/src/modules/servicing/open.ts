import type { Database } from '#app/db/database.ts';
import { createServicingRepository } from './repository.ts';

/**
 * Opens the account of a loan just paid out, in the payout's transaction once its schedule is
 * fixed: the payout is the ledger's first row, and close of day accrues from the payout day.
 */
export function openLoanAccount(
  tx: Database,
  account: { loanId: number; paidOutOn: string; payoutTetri: number },
): Promise<void> {
  return createServicingRepository(tx).open(account);
}
