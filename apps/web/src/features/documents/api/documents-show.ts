import { documentsShow } from '@sesxi/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { currentLocale } from '../../../shared/i18n/i18n';

/** `GET /api/documents`: the customer's documents, newest first, titled in the locale. */
export function documentsQuery() {
  return queryOptions({
    queryKey: ['documents', currentLocale()],
    queryFn: async ({ signal }) => (await apiRequest(documentsShow, { signal })).documents,
    staleTime: 0,
    refetchOnMount: false,
  });
}
