import { loanCancel } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** `POST /api/credit-info/{id}/cancel`: cancels an application that is not decided yet. */
export function cancelLoanApplication(id: number) {
  return apiRequest(loanCancel, { params: { id } });
}
