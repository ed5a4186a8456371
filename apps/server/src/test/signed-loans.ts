import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { customerDocuments, loanContracts } from '#app/db/schema.ts';
import type { decisionCalls } from './decisions.ts';
import { setLoanStatus } from './loans.ts';

/** The account the fixture's contracts are paid into (a valid Georgian IBAN). */
export const testIban = 'GE29NB0000000101904917';

/** What an officer approves for the fixture's loans: 1,500 GEL over 12 months. */
export const approvedTerms = { amount: 1500, months: 12 };

/**
 * A signed contract document of `loanId`, straight into the table, as signing stores one: it
 * states the account it is paid into and the payment day.
 */
export async function signedDocument(
  app: FastifyInstance,
  { userId, loanId }: { userId: number; loanId: number },
  { iban = testIban, paymentDay = 10 }: { iban?: string; paymentDay?: number } = {},
) {
  const [document] = await app.database.db
    .insert(customerDocuments)
    .values({
      userId,
      loanId,
      kind: 'signed_contract',
      storageKey: `signed-contracts/test-${randomBytes(8).toString('hex')}`,
      sha256: randomBytes(32).toString('hex'),
      size: 1,
      details: { iban, payment_day: paymentDay },
    })
    .returning({ id: customerDocuments.id });
  if (!document) throw new Error('the signed document was not stored');
  return document.id;
}

/**
 * The contract signed again on another account (after a refused payout), straight into the
 * tables: a new signed document, which a new payout pays.
 */
export async function signAgainOn(
  app: FastifyInstance,
  { userId, id }: { userId: number; id: number },
  iban: string,
) {
  const documentId = await signedDocument(app, { userId, loanId: id }, { iban });
  await app.database.db
    .update(loanContracts)
    .set({ iban, currentDocumentId: documentId, signedDocumentId: documentId })
    .where(eq(loanContracts.loanId, id));
  return documentId;
}

/**
 * An application approved through the API (1,500 GEL over 12 months: its binding offer made)
 * by a customer whose personal number ends in `ending`, then signed straight into the tables
 * as the signing module leaves it: its contract signed on `testIban` with payment day
 * `paymentDay`, the signed document stored, the application `signed`.
 */
export async function signedLoan(
  app: FastifyInstance,
  calls: ReturnType<typeof decisionCalls>,
  { ending = '11', paymentDay = 10 }: { ending?: string; paymentDay?: number } = {},
) {
  const application = await calls.inReview(ending);
  const approved = await calls.approve(application.first, application.id, approvedTerms);
  expect(approved.statusCode).toBe(200);
  const { id, user } = application;
  const documentId = await signedDocument(app, { userId: user.id, loanId: id }, { paymentDay });
  const [contract] = await app.database.db
    .update(loanContracts)
    .set({
      status: 'signed',
      paymentDay,
      iban: testIban,
      signedDocumentId: documentId,
      signedAt: app.clock.now(),
    })
    .where(eq(loanContracts.loanId, id))
    .returning({ number: loanContracts.number });
  if (!contract) throw new Error(`the approval of ${id} made no contract`);
  await setLoanStatus(app, id, 'signed');
  return { ...application, documentId, number: contract.number };
}

/**
 * A signed loan (see signedLoan) paid out: the core system reports the disbursement of 1,470
 * GEL on 23 November 2026 through the machine API (`core`: a service account's headers, with
 * `PAYOUT_MODE=core`), so the loan is `active` with its account open, first due on the
 * `paymentDay` of December.
 */
export async function paidOutLoan(
  app: FastifyInstance,
  calls: ReturnType<typeof decisionCalls>,
  core: Record<string, string>,
  options: { ending?: string; paymentDay?: number } = {},
) {
  const loan = await signedLoan(app, calls, { paymentDay: 10, ...options });
  const paid = await app.inject({
    method: 'POST',
    url: `/api/loans/${loan.id}/disbursement`,
    headers: { ...core, 'idempotency-key': `payout-${loan.id}` },
    payload: { amount: 1470, paid_at: '2026-11-23 15:00:00', bank_reference: `P-${loan.id}` },
  });
  expect(paid.statusCode).toBe(200);
  return loan;
}

/** What signing does last: the payout requested in its transaction, then sent once it commits. */
export async function requestPayoutAsSigning(
  app: FastifyInstance,
  order: { loanId: number; signedDocumentId: number },
  { sendNow = true } = {},
) {
  const job = await app.database.db.transaction((tx) => app.payouts.requestPayout(tx, order));
  if (job !== undefined && sendNow) await app.payouts.payNow(job);
  return job;
}
