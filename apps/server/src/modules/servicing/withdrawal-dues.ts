import type { Database } from '#app/db/database.ts';
import { createServicingRepository } from './repository.ts';

/**
 * What a loan being withdrawn from still owes, in tetri: the principal paid out and the days'
 * interest the withdrawal left owed, less what its payments paid of each; and by when.
 */
export async function withdrawalLeft(db: Database, loanId: number) {
  const servicing = createServicingRepository(db);
  const withdrawal = await servicing.withdrawal(loanId);
  if (!withdrawal) throw new Error(`the withdrawing loan ${loanId} has no withdrawal`);
  const paid = await servicing.paidSoFar(loanId);
  const interest = Math.max(0, withdrawal.interest - paid.interest);
  const principal = Math.max(0, withdrawal.principal - paid.principal);
  return { interest, principal, total: interest + principal, dueDate: withdrawal.dueDate };
}
