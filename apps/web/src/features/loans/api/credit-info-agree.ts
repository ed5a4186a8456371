import { creditInfoAgree, type BodyOf } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

export type CreditConsent = BodyOf<typeof creditInfoAgree>;

/**
 * `POST /api/credit-info/{id}`: the consent (`true` and its time, and the version of the
 * wording shown), or two empty strings.
 */
export function agreeToCreditInfo(id: number, body: CreditConsent) {
  return apiRequest(creditInfoAgree, { params: { id }, body });
}
