import type { Database } from '#app/db/database.ts';
import { createPayoutRepository } from './repository.ts';
import { loanTermsOf } from './terms.ts';

/** The kind of job that asks the bank to pay a payout, again while the bank cannot answer. */
export const sendPayoutJob = 'payout.send';

/** Who pays a signed contract out: this server through the payout bank, or the core system. */
export type PayoutMode = 'bank' | 'core';

/**
 * The key the bank pays a payout under. It names the signed document by its SHA-256: a new
 * account makes a new signed document, so a new payout; a retry of one is the same key.
 */
export const payoutKeyOf = (signedDocumentSha256: string) => `sesxi-payout-${signedDocumentSha256}`;

/** What the signing transaction hands over: the loan and the document just signed. */
export interface PayoutOrder {
  loanId: number;
  signedDocumentId: number;
}

/**
 * A new payout of the signed document `document` into the account it names, not yet sent: the
 * approved amount less the upfront fees, under the document's key.
 */
export function insertPayout(
  tx: Database,
  loanId: number,
  document: { id: number; sha256: string; iban: string },
  payoutTetri: number,
  now: Date,
) {
  return createPayoutRepository(tx).insert({
    loanId,
    signedDocumentId: document.id,
    idempotencyKey: payoutKeyOf(document.sha256),
    amountTetri: payoutTetri,
    iban: document.iban,
    state: 'pending',
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * Records the payout of a just-signed document in the signing transaction `tx`, and queues the
 * job that sends it: the approved amount less the upfront fees, into the account the document
 * names. Answers the job, to run once the transaction is in; undefined with `PAYOUT_MODE=core`,
 * which sends nothing (the core system hears `contract.signed` and reports its payout).
 */
export async function requestPayout(
  tx: Database,
  {
    mode,
    enqueue,
    now,
  }: {
    mode: PayoutMode;
    enqueue: (db: Database, kind: string, payload: unknown) => Promise<number>;
    now: Date;
  },
  { loanId, signedDocumentId }: PayoutOrder,
): Promise<number | undefined> {
  if (mode === 'core') return undefined;
  const payouts = createPayoutRepository(tx);
  const [document, terms] = await Promise.all([
    payouts.signedDocument(loanId),
    loanTermsOf(tx, loanId),
  ]);
  if (document?.id !== signedDocumentId || !document.iban || !terms) {
    throw new Error(`loan ${loanId} has no signed document ${signedDocumentId} with an account`);
  }
  const payout = await insertPayout(
    tx,
    loanId,
    { ...document, iban: document.iban },
    terms.payoutTetri,
    now,
  );
  return enqueue(tx, sendPayoutJob, { payoutId: payout.id, loanId });
}
