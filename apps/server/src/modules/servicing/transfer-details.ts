import type { TransferDetails } from '@sesxi/contract';
import type { LenderAccount } from '#app/config/lender-account.ts';

/**
 * How the customer pays by bank transfer: into the lender's account, with their personal number
 * in the purpose (as at a terminal, it finds their loans). Null without an account configured.
 */
export function transferDetailsFor(
  lender: LenderAccount | undefined,
  personalNumber: string | null,
): TransferDetails | null {
  if (!lender || personalNumber === null) return null;
  return { bank_name: lender.bankName, iban: lender.iban, reference: personalNumber };
}
