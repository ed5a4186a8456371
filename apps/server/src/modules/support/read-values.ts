import type { AccessAction } from '#app/modules/access-log/index.ts';
import { searchValues, type PageRequest } from './repository.ts';

/** How many verification results the user page shows. */
export const recentChecksShown = 10;

export interface Paging {
  page: number;
  per_page: number;
}

export type ListQuery = Paging & { search: string };

/** A list request's page and what its access-log row records but the reader. */
export function listRequestOf({ page, per_page, search }: ListQuery, ip: string, at: Date) {
  const request: PageRequest = { search, limit: per_page, offset: (page - 1) * per_page };
  const read = { action: 'users.list' as const, details: { search, page, per_page }, ip, at };
  return { request, read };
}

/** The values of a list's read with the session for a list request (`ip` the reader's). */
export function listWithSessionValues(query: ListQuery, ip: string, at: Date) {
  const { request, read } = listRequestOf(query, ip, at);
  return searchValues(request, read);
}

/** The values of `customerWithSession` for the user page of customer `id` (`ip` the reader's). */
export function customerWithSessionValues(id: number, ip: string, at: Date) {
  const action: AccessAction = 'users.show';
  return { id, ip, at, action, checks: recentChecksShown };
}
