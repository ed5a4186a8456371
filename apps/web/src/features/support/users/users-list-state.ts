import { isRunnableSearch } from '@sesxi/contract';
import { useSearchParams } from 'react-router';

export const pageSizes = [10, 15, 25, 50] as const;
const defaultPageSize = 15;

/** What the support table shows, kept in the address so that back and forward work. */
interface UsersListState {
  page: number;
  perPage: number;
  search: string;
}

function positiveInteger(value: string | null): number | null {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

function readUsersListState(params: URLSearchParams): UsersListState {
  const perPage = positiveInteger(params.get('per_page'));
  const search = params.get('search')?.trim() ?? '';
  return {
    page: positiveInteger(params.get('page')) ?? 1,
    perPage: pageSizes.find((size) => size === perPage) ?? defaultPageSize,
    search: isRunnableSearch(search) ? search : '',
  };
}

/** The address's query for a state, leaving out the defaults. */
function writeUsersListState({ page, perPage, search }: UsersListState): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (page !== 1) params.set('page', String(page));
  if (perPage !== defaultPageSize) params.set('per_page', String(perPage));
  return params;
}

/**
 * The table's state and a setter. A new page is a new history entry; `replace` is for
 * changes that should not be (the search, committed while the user types).
 */
export function useUsersListState() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Partial<UsersListState>, { replace = false } = {}) => {
    setParams((current) => writeUsersListState({ ...readUsersListState(current), ...changes }), {
      replace,
    });
  };
  return [readUsersListState(params), update] as const;
}
