import { supportUsers } from '@sesxi/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';

export interface UsersPageQuery {
  page: number;
  per_page: number;
  search: string;
}

/** `GET /api/checking/users`: one page of customers, newest first, matching the search. */
export function supportUsersQuery(query: UsersPageQuery) {
  return queryOptions({
    queryKey: ['support', 'users', query],
    queryFn: ({ signal }) => apiRequest(supportUsers, { query, signal }),
    // The table stays on screen (marked busy) while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useSupportUsers(query: UsersPageQuery) {
  return useQuery(supportUsersQuery(query));
}
