import { contractUpdate, type BodyOf } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

export type ContractChoices = BodyOf<typeof contractUpdate>;

/**
 * `PUT /api/loans/{id}/contract`: the payment day and the account, recomputed into a new
 * document; field errors under `payment_day` and `iban`.
 */
export async function updateContract(loanId: number, choices: ContractChoices) {
  return (await apiRequest(contractUpdate, { params: { id: loanId }, body: choices })).contract;
}
