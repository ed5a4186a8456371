import { loanOfferQuote, type LoanTerms } from '@sesxi/contract';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { followsQuestionnaire } from '../../../shared/api/query-client';

/**
 * `POST /api/loan-offer`: the server's offer and affordability check for `terms` (none asked
 * while null). Keyed on the amount and term only: the purpose, sent once chosen, does not
 * change the answer.
 */
export function loanOfferQuery(terms: LoanTerms | null, purposeId: number | null) {
  return queryOptions({
    queryKey: ['loans', 'offer', terms?.amount ?? null, terms?.months ?? null],
    queryFn: terms
      ? ({ signal }) =>
          apiRequest(loanOfferQuote, {
            body: {
              amount: terms.amount,
              months: terms.months,
              ...(purposeId === null ? {} : { loan_purpose_id: purposeId }),
            },
            signal,
          })
      : skipToken,
    // The answer depends on the questionnaire and the day, not on the minute; saving the
    // questionnaire drops it.
    staleTime: 60_000,
    meta: { [followsQuestionnaire]: true },
  });
}
