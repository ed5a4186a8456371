/** A payout the lender's bank is asked to make into the customer's own account. */
export interface PayoutRequest {
  /** One key, one payout: the bank answers a repeated key with the first answer, paying once. */
  idempotencyKey: string;
  /** Tetri, in GEL. */
  amountTetri: number;
  /** A Georgian IBAN, capitals, no spaces. */
  iban: string;
  /** The account holder as the customer's identity names them. */
  name: string;
  personalNumber: string;
  /** What the customer's statement shows: the contract's number. */
  reference: string;
}

export type PayoutAnswer =
  | { outcome: 'paid'; bankReference: string }
  /** The bank will not pay into this account (closed, another person's, not GEL): its words. */
  | { outcome: 'refused'; reason: string };

/**
 * The lender's payout bank: the HTTP client of our own JSON contract in production, the rules
 * of sandbox.md otherwise. Throws ServiceUnavailableError ('payout_bank') when the bank cannot
 * be reached, times out or answers in another shape; the payout is then tried again with the
 * same key.
 */
export interface PayoutBank {
  pay(request: PayoutRequest): Promise<PayoutAnswer>;
}
