import { creditReport } from '@sesxi/contract';
import type { CreditBureauSettings } from '#app/config/services.ts';
import { postToProvider } from '#app/integrations/provider-http.ts';
import type { CreditBureau } from './credit-bureau.ts';

/**
 * Production: `POST <CREDIT_BUREAU_URL>` with the personal number and the consent's reference
 * and time, `Authorization: Bearer <CREDIT_BUREAU_API_KEY>`, answered by
 * `{"loans":[{lender, monthly_payment, outstanding, overdue_days}], "enquiries", "score"}`
 * (the contract is ours, put before the bureau's own API by the lender's integration). A
 * failure, a timeout or another answer is a ServiceUnavailableError.
 */
export function createHttpCreditBureau(settings: CreditBureauSettings): CreditBureau {
  return {
    report: ({ personalNumber, consent }) =>
      postToProvider(
        'credit_bureau',
        settings,
        {
          personal_number: personalNumber,
          consent: { reference: String(consent.id), given_at: consent.agreedAt.toISOString() },
        },
        creditReport,
      ),
  };
}
