import { creditInfoShow } from '@sesxi/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { currentLocale } from '../../../shared/i18n/i18n';

/** `GET /api/credit-info/{id}`: the credit-bureau consent's wording, one paragraph a line. */
export function creditInfoQuery(id: number) {
  return queryOptions({
    queryKey: ['loans', 'credit-info', id, currentLocale()],
    queryFn: async ({ signal }) =>
      (await apiRequest(creditInfoShow, { params: { id }, signal })).credit_info_text,
  });
}
