import type { LoanPricing } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import type { FileStorage } from '#app/integrations/storage/file-storage.ts';
import { createConsentLedger } from '#app/modules/consents/index.ts';
import {
  insertCustomerDocument,
  sha256Of,
  storePdf,
  type StoredPdf,
} from '#app/pdf/customer-documents.ts';
import { writeContractPdfs } from './contract-pdf.ts';
import { contractFigures, type ApprovedTerms, type ContractFigures } from './figures.ts';
import { keyTermsTemplate } from './key-terms-sheet.ts';
import { createContractRepository } from './repository.ts';

/** What a contract's documents are made from, whatever the customer chooses. */
export interface ContractBasis extends ApprovedTerms {
  loanId: number;
  userId: number;
  number: string;
  /** The lender's name, as the product calls itself. */
  lender: string;
  pricing: LoanPricing;
  validUntil: string;
}

/** The customer's choices: the monthly payment day and the account to be paid into. */
export interface ContractChoices {
  paymentDay: number;
  iban: string | null;
}

/**
 * What a contract document was made from, kept with it (`customer_documents.details`): the
 * approved terms and pricing, the choices, the figures computed from them on `payout_date`,
 * and the versions of the key-terms template and of the general terms it holds.
 */
export interface ContractDocumentDetails {
  number: string;
  amount: number;
  months: number;
  pricing: LoanPricing;
  payment_day: number;
  iban: string | null;
  valid_until: string;
  key_terms_template: number;
  general_terms: { version: number; sha256: string };
  figures: ContractFigures;
}

export interface WrittenFile {
  bytes: Buffer;
  sha256: string;
}

/** A contract's documents, written and not yet stored. */
export interface WrittenDocuments {
  basis: ContractBasis;
  details: ContractDocumentDetails;
  contract: WrittenFile;
  keyTerms: WrittenFile;
}

const written = (bytes: Buffer): WrittenFile => ({ bytes, sha256: sha256Of(bytes) });

/** The terms and pricing a contract's later documents are made from: its first one's. */
export function basisOf(
  { loanId, userId }: { loanId: number; userId: number },
  details: ContractDocumentDetails,
  lender: string,
): ContractBasis {
  const { number, amount, months, pricing, valid_until: validUntil } = details;
  return { loanId, userId, number, lender, amount, months, pricing, validUntil };
}

/**
 * The contract's documents on `choices`, computed for a payout on `payoutDate` with the current
 * general terms. Throws the contract package's `EffectiveRateCapError` for a payment day that
 * would pass 50%. The same basis, choices, date and wordings write the same bytes.
 */
export async function writeContractDocuments(
  db: Database,
  basis: ContractBasis,
  choices: ContractChoices,
  payoutDate: string,
): Promise<WrittenDocuments> {
  const figures = contractFigures(basis.pricing, basis, choices.paymentDay, payoutDate);
  const [terms, contact] = await Promise.all([
    createConsentLedger(db).currentWording('contract_terms'),
    createContractRepository(db).contact(),
  ]);
  const pdfs = await writeContractPdfs({
    ...basis,
    ...choices,
    contact,
    figures,
    generalTerms: terms,
  });
  return {
    basis,
    details: {
      number: basis.number,
      amount: basis.amount,
      months: basis.months,
      pricing: basis.pricing,
      payment_day: choices.paymentDay,
      iban: choices.iban,
      valid_until: basis.validUntil,
      key_terms_template: keyTermsTemplate,
      general_terms: { version: terms.version, sha256: terms.sha256 },
      figures,
    },
    contract: written(pdfs.contract),
    keyTerms: written(pdfs.keyTerms),
  };
}

/** A written document stored: its kind and its file. */
export interface StoredFile {
  kind: 'contract' | 'key_terms';
  file: StoredPdf;
}

/**
 * Stores the written files under new keys, both or neither: the rows that name them come after
 * (`recordContractDocuments`), so a caller whose rows fail removes them.
 */
export async function storeContractFiles(
  storage: FileStorage,
  { contract, keyTerms }: WrittenDocuments,
): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  try {
    for (const [kind, written] of [
      ['contract', contract],
      ['key_terms', keyTerms],
    ] as const) {
      files.push({ kind, file: await storePdf(storage, 'contracts', written.bytes) });
    }
  } catch (error) {
    await Promise.allSettled(files.map(({ file }) => storage.delete(file.storageKey)));
    throw error;
  }
  return files;
}

/**
 * Adds the stored files' rows with `tx`, each naming the SHA-256 of exactly its stored bytes;
 * answers the contract document's id and every id.
 */
export async function recordContractDocuments(
  tx: Database,
  { basis, details }: WrittenDocuments,
  files: StoredFile[],
  now: Date,
) {
  const documentIds: number[] = [];
  for (const { kind, file } of files) {
    documentIds.push(
      await insertCustomerDocument(tx, file, {
        userId: basis.userId,
        loanId: basis.loanId,
        kind,
        details: { ...details },
        createdAt: now,
      }),
    );
  }
  const contractId = documentIds[files.findIndex((file) => file.kind === 'contract')];
  if (contractId === undefined) throw new Error('the contract’s documents hold no contract');
  return { contractId, documentIds };
}
