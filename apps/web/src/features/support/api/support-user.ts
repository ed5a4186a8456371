import { supportUserShow } from '@sesxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';

/** `GET /api/checking/users/{id}`: one customer and their most recent verification checks. */
export function supportUserQuery(id: string) {
  return queryOptions({
    queryKey: ['support', 'user', id],
    queryFn: ({ signal }) => apiRequest(supportUserShow, { params: { id }, signal }),
  });
}

export function useSupportUser(id: string) {
  return useQuery(supportUserQuery(id));
}
