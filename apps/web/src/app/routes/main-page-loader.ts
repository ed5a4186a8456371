import { loansShowQuery } from '../../features/loans/api/loans-show';
import { prefetching } from '../../shared/api/query-client';

/** `/main` asks for the customer's applications as the visit starts. */
export const mainPageLoader = prefetching(loansShowQuery);
