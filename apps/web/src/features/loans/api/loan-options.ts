import { loanOptions, type LookupItem, type LoanLimits } from '@sesxi/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { currentLocale } from '../../../shared/i18n/i18n';

/** What the loan form offers: the purposes to choose from and the bounds the server checks. */
export interface LoanFormOptions {
  purposes: LookupItem[];
  limits: LoanLimits;
}

/** `GET /api/loans`: the new application's options, named in the locale. */
export function loanOptionsQuery() {
  return queryOptions({
    queryKey: ['loans', 'options', currentLocale()],
    queryFn: async ({ signal }): Promise<LoanFormOptions> => {
      const { purposes, limits } = await apiRequest(loanOptions, { signal });
      return { purposes, limits };
    },
  });
}
