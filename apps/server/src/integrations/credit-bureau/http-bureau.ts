import { creditReport } from '@sesxi/contract';
import type { CreditBureauSettings } from '#app/config.ts';
import { ServiceUnavailableError } from '#app/errors.ts';
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
    async report({ personalNumber, consent }) {
      let body: unknown;
      try {
        const response = await fetch(settings.url, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            authorization: `Bearer ${settings.apiKey}`,
          },
          body: JSON.stringify({
            personal_number: personalNumber,
            consent: { reference: String(consent.id), given_at: consent.agreedAt.toISOString() },
          }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        if (!response.ok) throw new Error(`the bureau answered HTTP ${response.status}`);
        body = await response.json();
      } catch (error) {
        throw new ServiceUnavailableError('credit_bureau', { cause: error });
      }
      const report = creditReport.safeParse(body);
      if (!report.success) {
        throw new ServiceUnavailableError('credit_bureau', {
          cause: new Error('the bureau answered in an unknown shape'),
        });
      }
      return report.data;
    },
  };
}
