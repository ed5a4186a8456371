import { loanAccountShow, loanPayoffShow } from '@sesxi/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';

export const loanAccountKey = (loanId: number) => ['loans', 'account', loanId] as const;

/**
 * `GET /api/loans/{id}/account`: a paid-out loan's balance, next payment, what is late, its
 * schedule and its transactions, and the lender's account to pay into by transfer. A 404 means
 * no such loan of this customer, or none paid out.
 */
export function loanAccountQuery(loanId: number) {
  return queryOptions({
    queryKey: loanAccountKey(loanId),
    queryFn: async ({ signal }) => {
      const { account, transfer } = await apiRequest(loanAccountShow, {
        params: { id: loanId },
        signal,
      });
      return { account, transfer };
    },
    staleTime: 0,
  });
}

/**
 * `GET /api/loans/{id}/payoff?date=`: what repays the whole loan on `date` (the business date or
 * later; an earlier one is a field error under `date`).
 */
export async function fetchPayoff(loanId: number, date: string) {
  return (await apiRequest(loanPayoffShow, { params: { id: loanId }, query: { date } })).payoff;
}
