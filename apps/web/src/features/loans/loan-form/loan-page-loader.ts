import { prefetching } from '../../../shared/api/query-client';
import { loanOptionsQuery } from '../api/loan-options';
import { loansShowQuery } from '../api/loans-show';

/** `/loan` asks for the open application and the form's options as the visit starts. */
export const loanPageLoader = prefetching(loansShowQuery, loanOptionsQuery);
