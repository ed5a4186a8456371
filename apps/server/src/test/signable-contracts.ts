import { createHash } from 'node:crypto';
import {
  addDaysToIsoDate,
  computeOffer,
  formatLari,
  standardLoanProduct,
  type Contract,
} from '@sesxi/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { customerDocuments, loanContracts, users } from '#app/db/schema.ts';
import { newStorageKey } from '#app/integrations/storage/file-storage.ts';
import { writePdf } from '#app/pdf/write-pdf.ts';
import { bearer } from './accounts.ts';
import { createLoanViaApi, setLoanStatus } from './loans.ts';
import { onboardedCustomer, type SignedInCustomer } from './onboarding.ts';

/** Two accounts that pass the mod-97 check: the customer's first, then another. */
export const ibans = ['GE29NB0000000101904917', 'GE95TB0000000123456789'] as const;

export interface StoredDocument {
  id: number;
  sha256: string;
  bytes: Buffer;
}

/**
 * The contract's document as the contracts module makes one: a PDF of its terms, stored, its
 * SHA-256 kept, the terms in `details` (what the stand-in reader answers from), the old one
 * superseded. Answers the new document.
 */
export async function storeContractDocument(
  app: FastifyInstance,
  { userId, loanId, iban }: { userId: number; loanId: number; iban: string },
): Promise<StoredDocument> {
  const today = await app.businessCalendar.today();
  const number = contractNumberOf(loanId);
  const offer = computeOffer(
    standardLoanProduct,
    { amount: 1500, months: 12, paymentDay: 15 },
    today,
  );
  const terms = {
    amount: 1500,
    months: 12,
    payment_day: 15,
    first_payment_date: offer.schedule[0]?.date ?? today,
    monthly_payment: offer.monthly_payment,
    nominal_rate: offer.nominal_rate,
    effective_rate: offer.effective_rate,
    total_to_repay: offer.total_repayment + offer.upfront_fee,
    fees: [{ kind: 'upfront', name: 'გაცემის საკომისიო', amount: offer.upfront_fee }],
    schedule: offer.schedule,
  } satisfies Partial<Contract>;
  const bytes = await writePdf({
    title: 'სესხის ხელშეკრულება',
    author: 'სესხი',
    createdAt: new Date(`${today}T08:00:00Z`),
    footer: `ხელშეკრულება № ${number}`,
    pageNumber: (page, pages) => `გვერდი ${String(page)} / ${String(pages)}`,
    blocks: [
      { kind: 'title', text: 'ხელშეკრულების მნიშვნელოვანი პირობები' },
      {
        kind: 'facts',
        rows: [
          ['ხელშეკრულების ნომერი', number],
          ['სესხის თანხა', formatLari(terms.amount)],
          ['ვადა', `${String(terms.months)} თვე`],
          ['ანგარიში (IBAN)', iban],
        ],
      },
    ],
  });
  const storageKey = newStorageKey('documents');
  await app.fileStorage.put(storageKey, bytes, 'application/pdf');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const db = app.database.db;
  const [document] = await db
    .insert(customerDocuments)
    .values({
      userId,
      loanId,
      kind: 'contract',
      storageKey,
      sha256,
      size: bytes.length,
      details: terms,
    })
    .returning({ id: customerDocuments.id });
  if (!document) throw new Error('the contract document was not stored');
  const [previous] = await db
    .select({ documentId: loanContracts.currentDocumentId })
    .from(loanContracts)
    .where(eq(loanContracts.loanId, loanId));
  if (previous?.documentId) {
    await db
      .update(customerDocuments)
      .set({ supersededAt: new Date() })
      .where(eq(customerDocuments.id, previous.documentId));
  }
  await db
    .insert(loanContracts)
    .values({
      loanId,
      number,
      status: 'offered',
      offeredOn: today,
      validUntil: addDaysToIsoDate(today, 7),
      paymentDay: 15,
      iban,
      currentDocumentId: document.id,
    })
    .onConflictDoUpdate({
      target: loanContracts.loanId,
      set: { iban, currentDocumentId: document.id },
    });
  return { id: document.id, sha256, bytes };
}

export const contractNumberOf = (loanId: number) => `SX-${String(loanId).padStart(6, '0')}`;

/** A customer whose identity document check passed (or not), signed in. */
export async function customerForSigning(
  app: FastifyInstance,
  phone: string,
  { identityChecked = true } = {},
): Promise<SignedInCustomer> {
  const customer = await onboardedCustomer(app, { phone });
  await app.database.db
    .update(users)
    .set({ isIdentomatVerified: identityChecked })
    .where(eq(users.id, customer.user.id));
  return customer;
}

/**
 * An approved application of a new customer with its offered contract, as an approval makes it
 * (the contracts module's job, done here by hand until it lands).
 */
export async function offeredContract(
  app: FastifyInstance,
  phone: string,
  options: { identityChecked?: boolean } = {},
) {
  const customer = await customerForSigning(app, phone, options);
  const loanId = await createLoanViaApi(app, customer.token);
  await setLoanStatus(app, loanId, 'approved');
  const document = await storeContractDocument(app, {
    userId: customer.user.id,
    loanId,
    iban: ibans[0],
  });
  return { ...customer, loanId, document };
}

/** The six-digit code in the latest text with one the sandbox sent to `phone`. */
export async function lastSigningCodeSentTo(app: FastifyInstance, phone: string): Promise<string> {
  const texts = await textsTo(app, phone);
  const code = texts.map((text) => /კოდია (\d{6})\b/.exec(text)?.[1]).find(Boolean);
  if (code === undefined) throw new Error(`no six-digit code was texted to ${phone}`);
  return code;
}

/** The texts the sandbox sent to `phone`, newest first. */
export async function textsTo(app: FastifyInstance, phone: string): Promise<string[]> {
  const response = await app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` });
  return response.json<{ messages: { text: string }[] }>().messages.map(({ text }) => text);
}

/** A wrong code for a right one: the same digits shifted by one. */
export const wrongSigningCode = (code: string) =>
  String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** The calls of the signing screens, as the owner of `token` makes them, to the app `appOf` answers. */
export function signingCalls(appOf: () => FastifyInstance) {
  const post = (token: string, url: string, payload?: object, remoteAddress = '127.0.0.1') =>
    appOf().inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), 'user-agent': 'vitest-browser/1.0' },
      remoteAddress,
      ...(payload && { payload }),
    });
  return {
    sendSigningCode: (token: string, loanId: number) =>
      post(token, `/api/loans/${String(loanId)}/contract/code`),
    sign: (token: string, loanId: number, code: string) =>
      post(token, `/api/loans/${String(loanId)}/contract/sign`, { code }),
    sendWithdrawalCode: (token: string, loanId: number) =>
      post(token, `/api/loans/${String(loanId)}/withdrawal/code`),
    withdraw: (token: string, loanId: number, code: string) =>
      post(token, `/api/loans/${String(loanId)}/withdrawal`, { code }),
  };
}
