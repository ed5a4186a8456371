import { withdrawalCode } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** `POST /api/loans/{id}/withdrawal/code`: texts the code that confirms the withdrawal. */
export function sendWithdrawalCode(loanId: number) {
  return apiRequest(withdrawalCode, { params: { id: loanId } });
}
