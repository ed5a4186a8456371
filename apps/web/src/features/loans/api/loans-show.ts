import { loansShow, type LoanListItem } from '@sesxi/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { currentLocale } from '../../../shared/i18n/i18n';

/** Newest first (the server sends them so; kept so whatever it sends). */
function newestFirst(loans: LoanListItem[]): LoanListItem[] {
  return loans.toSorted((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

/**
 * `GET /api/loans-show`: the customer's applications with their statuses in the locale.
 * Asked again on every visit to a screen that shows them, since the steps elsewhere change
 * them: by the screen's loader (`app/router.tsx`), so the screen does not ask again as it
 * mounts.
 */
export function loansShowQuery() {
  return queryOptions({
    queryKey: ['loans', 'list', currentLocale()],
    queryFn: async ({ signal }) => newestFirst((await apiRequest(loansShow, { signal })).loans),
    staleTime: 0,
    refetchOnMount: false,
  });
}
