import { loanEditShow, type Loan } from '@sesxi/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { currentLocale } from '../../../shared/i18n/i18n';
import { defaultProductOf, type LoanFormOptions } from './loan-options';

export const loanEditShowKey = (id: number) => ['loans', 'edit', id] as const;

/** `GET /api/loan-edit/{id}`: the form's options and the application to prefill it with. */
export function loanEditShowQuery(id: number) {
  return queryOptions({
    queryKey: [...loanEditShowKey(id), currentLocale()],
    queryFn: async ({ signal }): Promise<LoanFormOptions & { loan: Loan }> => {
      const { purposes, limits, products, loan } = await apiRequest(loanEditShow, {
        params: { id },
        signal,
      });
      return { purposes, limits, product: defaultProductOf(products), loan };
    },
  });
}
