import { withdrawalConfirm, type ResponseOf } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** What a withdrawal leaves: nothing owed (before the payout), or what to return by when. */
export type Withdrawal = ResponseOf<typeof withdrawalConfirm>['withdrawal'];

/** `POST /api/loans/{id}/withdrawal`: withdraws from the contract with the texted code. */
export async function confirmWithdrawal(loanId: number, code: string): Promise<Withdrawal> {
  return (await apiRequest(withdrawalConfirm, { params: { id: loanId }, body: { code } }))
    .withdrawal;
}
