import type { CardPaymentPurpose, PrepaymentKeep } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';

/** A payment the gateway approved, for the loan's ledger. */
export interface PaymentToPost {
  loanId: number;
  amountTetri: number;
  /** The business date it was paid on. */
  paidOn: string;
  channel: 'card';
  /** The gateway's order id. */
  reference: string;
  purpose: CardPaymentPurpose;
  keep?: PrepaymentKeep;
}

/**
 * Posts a payment to the loan's ledger in the transaction `tx` (servicing's `postPayment`,
 * handed to this module where the app is put together); `duplicate` when that reference was
 * posted already.
 */
export type PostPayment = (
  tx: Database,
  payment: PaymentToPost,
) => Promise<{ transactionId: number; duplicate: boolean }>;
