import { contractCode } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** `POST /api/loans/{id}/contract/code`: texts the code that signs the current document. */
export function sendSigningCode(loanId: number) {
  return apiRequest(contractCode, { params: { id: loanId } });
}
