import { creditInfoFinish } from '@sesxi/contract';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * `POST /api/credit-info/{loanId}/finish`: after single sign-on in loan context, submits the
 * application if the identity is the customer's.
 */
export function finishLoanApplication(loanId: number, ssoToken: string) {
  return apiRequest(creditInfoFinish, { params: { id: loanId }, body: { sso_token: ssoToken } });
}
