import type { Contract, LoanStatusCode, Locale } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';

/** The contract of an application as signing needs it: its state, its terms, its document. */
export interface SignableContract {
  loanId: number;
  loanStatus: LoanStatusCode;
  number: string;
  status: Contract['status'];
  /** The offer's last day (business date). */
  validUntil: string;
  /** The terms the signing code's text names. */
  amount: number;
  months: number;
  nominalRate: number;
  effectiveRate: number;
  /**
   * The document the customer would sign now, as stored, with the account and payment day it
   * states: the signed document keeps them, and its payout pays that account.
   */
  document: {
    id: number;
    sha256: string;
    storageKey: string;
    iban: string | null;
    paymentDay: number;
  };
}

/**
 * What signing needs of the contracts module: its contract, as it stands and as the contract
 * endpoints answer it. Both read with the handle they are given (a transaction's, under the
 * application's row lock, when signing).
 */
export interface ContractReader {
  /** `userId`'s contract of application `loanId`; undefined when there is none of theirs. */
  read(db: Database, loanId: number, userId: number): Promise<SignableContract | undefined>;
  /** The contract as `GET /api/loans/{id}/contract` answers it, in `locale`. */
  answer(db: Database, loanId: number, userId: number, locale: Locale): Promise<Contract>;
}

/** What became of the payout when the customer withdrew. */
export type PayoutSettlement =
  | { outcome: 'not_paid' }
  /** `amount` in tetri, paid out on `paidOn` (business date). */
  | { outcome: 'paid'; amount: number; paidOn: string };

/** What is to run once the caller's transaction has committed; a failure there is only logged. */
export type AfterCommit = () => Promise<void>;

/**
 * What signing and withdrawing need of the payouts module. Each is called in the caller's
 * transaction, under the application's row lock, which the payout job takes too.
 */
export interface PayoutHooks {
  /**
   * The signature is stored: the payout of `signedDocumentId` is asked for. Answers what is to
   * run once the signature's transaction has committed (the payout sent at once), if anything:
   * never inside it, and should it fail, the payout's job is tried again by the poll.
   */
  afterSigning(
    tx: Database,
    signed: { loanId: number; signedDocumentId: number },
  ): Promise<AfterCommit | undefined>;
  /**
   * Whether a signed contract waits for a new signature: its payout was refused and the
   * customer gave another account, which made a new document.
   */
  awaitsNewSignature(tx: Database, loanId: number): Promise<boolean>;
  /**
   * The customer withdraws: a payout not sent is cancelled (`not_paid`), one in flight is
   * resolved first, one paid is told with its amount and day. Never both cancelled and paid.
   */
  settlePayoutForWithdrawal(tx: Database, loanId: number): Promise<PayoutSettlement>;
}

/** Until the payouts module is wired in: no payout is ever asked for, so none is ever paid. */
export const withoutPayouts: PayoutHooks = {
  afterSigning: () => Promise.resolve(undefined),
  awaitsNewSignature: () => Promise.resolve(false),
  settlePayoutForWithdrawal: () => Promise.resolve({ outcome: 'not_paid' }),
};
