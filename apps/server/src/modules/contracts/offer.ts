import { addDaysToIsoDate, type LoanPricing } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import type { FileStorage } from '#app/integrations/storage/file-storage.ts';
import {
  recordContractDocuments,
  storeContractFiles,
  writeContractDocuments,
} from './contract-documents.ts';
import { defaultPaymentDay, type ApprovedTerms } from './figures.ts';
import { createContractRepository } from './repository.ts';

/** What an approval that became final offers: the application, its terms and pricing. */
export interface FinalApproval extends ApprovedTerms {
  loanId: number;
  userId: number;
  pricing: LoanPricing;
}

/** What the binding offer is made with. */
export interface OfferSettings {
  storage: FileStorage;
  /** The lender's name on the documents. */
  lender: string;
  /** The business date: the offer's first day, and the payout date its figures assume. */
  today: string;
  /** How many days after `today` the offer stands (`OFFER_VALID_DAYS`). */
  validDays: number;
  now: Date;
}

/** A contract's number: readable, and unique as its application's id, e.g. `SX-2026-000041`. */
export function contractNumber(loanId: number, day: string): string {
  return `SX-${day.slice(0, 4)}-${String(loanId).padStart(6, '0')}`;
}

/**
 * The binding offer of an approval that became final, in its transaction `tx`: the contract,
 * offered until `validDays` after today, payments on the payout's own day of the month and no
 * account yet, with its first documents. Throws the contract package's `EffectiveRateCapError`
 * when even that payment day would pass 50%.
 */
export async function issueOffer(
  tx: Database,
  approval: FinalApproval,
  { storage, lender, today, validDays, now }: OfferSettings,
): Promise<void> {
  const { loanId, userId, amount, months } = approval;
  // The pricing alone is kept with the documents, not the rest of the product's row.
  const { nominal_rate, origination_fee_percent, origination_fee_fixed, monthly_fee } =
    approval.pricing;
  const pricing = { nominal_rate, origination_fee_percent, origination_fee_fixed, monthly_fee };
  const number = contractNumber(loanId, today);
  const validUntil = addDaysToIsoDate(today, validDays);
  const choices = { paymentDay: defaultPaymentDay(today), iban: null };
  const documents = await writeContractDocuments(
    tx,
    { loanId, userId, amount, months, pricing, number, lender, validUntil },
    choices,
    today,
  );
  const files = await storeContractFiles(storage, documents);
  const { contractId } = await recordContractDocuments(tx, documents, files, now);
  await createContractRepository(tx).insertContract({
    loanId,
    number,
    status: 'offered',
    offeredOn: today,
    validUntil,
    paymentDay: choices.paymentDay,
    iban: null,
    currentDocumentId: contractId,
    createdAt: now,
    updatedAt: now,
  });
}
