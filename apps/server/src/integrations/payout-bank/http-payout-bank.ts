import { z } from 'zod';
import type { PayoutBankSettings } from '#app/config/services.ts';
import { postToProvider } from '#app/integrations/provider-http.ts';
import type { PayoutBank } from './payout-bank.ts';

const bankAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('accepted'), bank_reference: z.string().min(1) }),
  z.object({ status: z.literal('refused'), reason: z.string() }),
]);

/**
 * Production: `POST <PAYOUT_BANK_URL>` with `Idempotency-Key` and
 * `{amount_tetri, currency: "GEL", iban, name, personal_number, reference}`,
 * `Authorization: Bearer <PAYOUT_BANK_API_KEY>`, answered by `{"status":"accepted",
 * "bank_reference"}` or `{"status":"refused","reason"}` (the contract is ours, put before the
 * bank's own API by the lender's integration). Anything else is a ServiceUnavailableError.
 */
export function createHttpPayoutBank(settings: PayoutBankSettings): PayoutBank {
  return {
    async pay({ idempotencyKey, amountTetri, iban, name, personalNumber, reference }) {
      const answer = await postToProvider(
        'payout_bank',
        settings,
        {
          amount_tetri: amountTetri,
          currency: 'GEL',
          iban,
          name,
          personal_number: personalNumber,
          reference,
        },
        bankAnswer,
        { 'idempotency-key': idempotencyKey },
      );
      return answer.status === 'accepted'
        ? { outcome: 'paid', bankReference: answer.bank_reference }
        : { outcome: 'refused', reason: answer.reason };
    },
  };
}
