import { creditInfoShow } from '@sesxi/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { currentLocale } from '../../../shared/i18n/i18n';

export interface CreditInfo {
  /** The consent's wording, one paragraph a line. */
  text: string;
  /** When the customer agreed, if that consent still counts for the application; else null. */
  agreedAt: string | null;
}

/**
 * `GET /api/credit-info/{id}`: the credit-bureau consent's wording and the consent already
 * given. A 404 means the application does not exist (or is someone else's).
 */
export function creditInfoQuery(id: number) {
  return queryOptions({
    queryKey: ['loans', 'credit-info', id, currentLocale()],
    queryFn: async ({ signal }): Promise<CreditInfo> => {
      const answer = await apiRequest(creditInfoShow, { params: { id }, signal });
      return { text: answer.credit_info_text, agreedAt: answer.agreed_at };
    },
  });
}
