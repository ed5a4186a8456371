import { useLocation } from 'react-router';

/** What a table's show links hand to a row's page: the table's query, to go back to it. */
export interface ListLocationState {
  listSearch: string;
}

/** The state for a table's show links: the table's query as it is now. */
export function useListLinkState(): ListLocationState {
  return { listSearch: useLocation().search };
}

/** The address of the table at `listPath` the page was opened from (or the table's first page). */
export function listHref(listPath: string, locationState: unknown): string {
  const listSearch =
    typeof locationState === 'object' && locationState !== null && 'listSearch' in locationState
      ? locationState.listSearch
      : '';
  return typeof listSearch === 'string' && listSearch.startsWith('?')
    ? `${listPath}${listSearch}`
    : listPath;
}
