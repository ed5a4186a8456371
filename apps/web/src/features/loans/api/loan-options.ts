import {
  loanOptions,
  type LoanLimits,
  type LoanProductItem,
  type LookupItem,
} from '@sesxi/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { currentLocale } from '../../../shared/i18n/i18n';

/**
 * What the loan form offers: the purposes to choose from, the bounds the server checks and the
 * default product whose pricing the live offer is computed with (null if the server lists none).
 */
export interface LoanFormOptions {
  purposes: LookupItem[];
  limits: LoanLimits;
  product: LoanProductItem | null;
}

/** The default product of those the server lists (the one `limits` belong to). */
export function defaultProductOf(products: LoanProductItem[]): LoanProductItem | null {
  return products.find((product) => product.is_default) ?? null;
}

/** `GET /api/loans`: the new application's options, named in the locale. */
export function loanOptionsQuery() {
  return queryOptions({
    queryKey: ['loans', 'options', currentLocale()],
    queryFn: async ({ signal }): Promise<LoanFormOptions> => {
      const { purposes, limits, products } = await apiRequest(loanOptions, { signal });
      return { purposes, limits, product: defaultProductOf(products) };
    },
  });
}
