import { contractSign } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** `POST /api/loans/{id}/contract/sign`: signs with the texted code; errors under `code`. */
export async function signContract(loanId: number, code: string) {
  return (await apiRequest(contractSign, { params: { id: loanId }, body: { code } })).contract;
}
