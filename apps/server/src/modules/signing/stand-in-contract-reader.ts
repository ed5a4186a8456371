import { contract, formatTimestamp } from '@sesxi/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { maxId } from '#app/db/lookups.ts';
import { customerDocuments, loanApplications, loanContracts } from '#app/db/schema.ts';
import { eContractConsentOf } from './e-contract-consent.ts';
import type { ContractReader } from './ports.ts';
import { withdrawableUntil } from './withdrawal-window.ts';

/**
 * STAND-IN for the contracts module's own reader (branch `contracts`), which replaces it when
 * the two are merged: the contract's row, its current document, and the terms that document
 * was made from, read from the document's `details` in the contract answer's names.
 */
const termsInDetails = contract.pick({
  amount: true,
  months: true,
  payment_day: true,
  first_payment_date: true,
  monthly_payment: true,
  nominal_rate: true,
  effective_rate: true,
  total_to_repay: true,
  fees: true,
  schedule: true,
});

async function contractRow(db: Database, loanId: number, userId: number) {
  if (loanId > maxId) return undefined;
  const [row] = await db
    .select({
      loanStatus: loanApplications.status,
      contract: loanContracts,
      document: customerDocuments,
    })
    .from(loanContracts)
    .innerJoin(loanApplications, eq(loanApplications.id, loanContracts.loanId))
    .innerJoin(customerDocuments, eq(customerDocuments.id, loanContracts.currentDocumentId))
    .where(and(eq(loanContracts.loanId, loanId), eq(loanApplications.userId, userId)));
  return row && { ...row, terms: termsInDetails.parse(row.document.details) };
}

/** Once signed, `contract.pdf` serves the signed document, and the answer names its hash. */
async function signedSha256(db: Database, documentId: number | null) {
  if (documentId === null) return undefined;
  const [row] = await db
    .select({ sha256: customerDocuments.sha256 })
    .from(customerDocuments)
    .where(eq(customerDocuments.id, documentId));
  return row?.sha256;
}

export const standInContractReader: ContractReader = {
  async read(db, loanId, userId) {
    const row = await contractRow(db, loanId, userId);
    if (!row) return undefined;
    const { contract: stored, document, terms } = row;
    return {
      loanId,
      loanStatus: row.loanStatus,
      number: stored.number,
      status: stored.status,
      validUntil: stored.validUntil,
      amount: terms.amount,
      months: terms.months,
      nominalRate: terms.nominal_rate,
      effectiveRate: terms.effective_rate,
      document: { id: document.id, sha256: document.sha256, storageKey: document.storageKey },
    };
  },

  async answer(db, loanId, userId) {
    const row = await contractRow(db, loanId, userId);
    if (!row) throw new Error(`application ${loanId} has no contract of user ${userId}`);
    const { contract: stored, document, terms } = row;
    return {
      ...terms,
      number: stored.number,
      status: stored.status,
      valid_until: stored.validUntil,
      iban: stored.iban,
      sha256: (await signedSha256(db, stored.signedDocumentId)) ?? document.sha256,
      signed_at: stored.signedAt && formatTimestamp(stored.signedAt),
      payout: null,
      withdrawable_until: await withdrawableUntil(db, loanId),
      e_contract_consent: await eContractConsentOf(db, userId),
    };
  },
};
