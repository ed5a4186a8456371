import { creditInfoShow } from '@sesxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { currentLocale } from '../../../shared/i18n/i18n';
import { throwIfNotFound } from '../../../shared/page/not-found';

export interface CreditInfo {
  /** The consent's wording, as the sanitised HTML its editor published. */
  html: string;
  /** The wording's version, which the consent sends back. */
  version: number;
  /** When the customer agreed, if that consent still counts for the application; else null. */
  agreedAt: string | null;
}

/**
 * `GET /api/credit-info/{id}`: the credit-bureau consent's wording and the consent already
 * given. A 404 means the application does not exist (or is someone else's).
 */
export const creditInfoKey = (id: number) => ['loans', 'credit-info', id] as const;

export function creditInfoQuery(id: number) {
  return queryOptions({
    queryKey: [...creditInfoKey(id), currentLocale()],
    queryFn: async ({ signal }): Promise<CreditInfo> => {
      const answer = await apiRequest(creditInfoShow, { params: { id }, signal });
      return {
        html: answer.credit_info_html,
        version: answer.credit_info_version,
        agreedAt: answer.agreed_at,
      };
    },
  });
}

/**
 * For the steps that do not load the application themselves (its questionnaire review, its
 * identification): the not-found screen when the server knows no such application of this
 * customer. Asks what the consent step shows, so that step then opens at once.
 */
export function useApplicationFound(id: number): void {
  throwIfNotFound(useQuery(creditInfoQuery(id)).error);
}
