import { contractShow, type Contract } from '@sesxi/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { currentLocale } from '../../../shared/i18n/i18n';

export const contractKey = (loanId: number) => ['loans', 'contract', loanId] as const;

/** While the bank has not answered, the screen asks again this often to show the payout. */
const payoutPollMs = 5_000;

function awaitsPayout(contract: Contract | undefined): boolean {
  const state = contract?.payout?.state;
  return state === 'pending' || state === 'sending';
}

/**
 * `GET /api/loans/{id}/contract`: the contract of an approved (or later) application, its fees
 * named in the locale. A 404 means no such application of this customer, or none approved.
 */
export function contractQuery(loanId: number) {
  return queryOptions({
    queryKey: [...contractKey(loanId), currentLocale()],
    queryFn: async ({ signal }) =>
      (await apiRequest(contractShow, { params: { id: loanId }, signal })).contract,
    staleTime: 0,
    refetchInterval: (query) => (awaitsPayout(query.state.data) ? payoutPollMs : false),
  });
}
