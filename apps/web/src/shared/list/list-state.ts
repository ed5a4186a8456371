import { isRunnableSearch } from '@sesxi/contract';
import { useSearchParams } from 'react-router';

export const pageSizes = [10, 15, 25, 50] as const;
const defaultPageSize = 15;

/** What a server-paginated table shows, kept in the address so that back and forward work. */
export interface ListState<F extends string = never> {
  page: number;
  perPage: number;
  search: string;
  /** The table's one filter (`?filter=`), or null for all rows. */
  filter: F | null;
}

function positiveInteger(value: string | null): number | null {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

function readListState<F extends string>(
  params: URLSearchParams,
  filters: readonly F[],
): ListState<F> {
  const perPage = positiveInteger(params.get('per_page'));
  const search = params.get('search')?.trim() ?? '';
  const filter = params.get('filter');
  return {
    page: positiveInteger(params.get('page')) ?? 1,
    perPage: pageSizes.find((size) => size === perPage) ?? defaultPageSize,
    search: isRunnableSearch(search) ? search : '',
    filter: filters.find((value) => value === filter) ?? null,
  };
}

/** The address's query for a state, leaving out the defaults. */
function writeListState<F extends string>({
  page,
  perPage,
  search,
  filter,
}: ListState<F>): URLSearchParams {
  const params = new URLSearchParams();
  if (filter !== null) params.set('filter', filter);
  if (search) params.set('search', search);
  if (page !== 1) params.set('page', String(page));
  if (perPage !== defaultPageSize) params.set('per_page', String(perPage));
  return params;
}

/**
 * The table's state and a setter; `filters` are the values its filter may take (none when it
 * has no filter). A new page is a new history entry; `replace` is for changes that should not
 * be (the search, committed while the user types).
 */
export function useListState<F extends string = never>(filters: readonly F[] = []) {
  const [params, setParams] = useSearchParams();
  const update = (changes: Partial<ListState<F>>, { replace = false } = {}) => {
    setParams((current) => writeListState({ ...readListState(current, filters), ...changes }), {
      replace,
    });
  };
  return [readListState(params, filters), update] as const;
}
