import { supportUserAccessLog } from '@sesxi/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';

const accessLogPageSize = 10;

/** `GET /api/checking/users/{id}/access-log`: who read this customer's data, newest first. */
export function accessLogQuery(id: string, page: number) {
  return queryOptions({
    queryKey: ['support', 'access-log', id, page],
    queryFn: ({ signal }) =>
      apiRequest(supportUserAccessLog, {
        params: { id },
        query: { page, per_page: accessLogPageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAccessLog(id: string, page: number) {
  return useQuery(accessLogQuery(id, page));
}
