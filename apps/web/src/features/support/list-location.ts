/** What the table's show links hand to a user's page: the table's query, to go back to it. */
export interface ListLocationState {
  listSearch: string;
}

/** The address of the table the user's page was opened from (or the table's first page). */
export function usersListHref(locationState: unknown): string {
  const listSearch =
    typeof locationState === 'object' && locationState !== null && 'listSearch' in locationState
      ? locationState.listSearch
      : '';
  return typeof listSearch === 'string' && listSearch.startsWith('?')
    ? `/checking${listSearch}`
    : '/checking';
}
