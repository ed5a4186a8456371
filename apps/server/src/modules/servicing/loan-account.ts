import { servicedLoanStatuses, type LoanAccount } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { accountView } from './account-view.ts';
import { createServicingRepository, totalsOf } from './repository.ts';

/** Whether a loan in `status` has an account: paid out. */
export const isServiced = (status: string): status is LoanAccount['status'] =>
  (servicedLoanStatuses as readonly string[]).includes(status);

/**
 * A paid-out loan's account as its customer sees it on `today`, with its owner's id; undefined
 * for no such loan or one not paid out. The customer's screen and the officer's read it so.
 */
export async function loanAccountOn(
  db: Database,
  loanId: number,
  today: string,
): Promise<{ ownerId: number; account: LoanAccount } | undefined> {
  const servicing = createServicingRepository(db);
  const loan = await servicing.loan(loanId);
  if (!loan || !isServiced(loan.status)) return undefined;
  const row = await servicing.account(loanId);
  if (!row) return undefined;
  const account = accountView({
    status: loan.status,
    schedule: await servicing.schedule(loanId),
    totals: totalsOf(row),
    transactions: await servicing.transactions(loanId),
    today,
  });
  return { ownerId: loan.userId, account };
}
