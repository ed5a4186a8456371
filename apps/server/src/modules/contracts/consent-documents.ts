import { formatTimestamp, translate, type MessageKey } from '@sesxi/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import {
  consents,
  consentTexts,
  customerDocuments,
  users,
  type ConsentKind,
} from '#app/db/schema.ts';
import type { FileStorage } from '#app/integrations/storage/file-storage.ts';
import type { PdfBlock, PdfModel } from '#app/pdf/write-pdf.ts';
import { storePdfDocument } from '#app/pdf/customer-documents.ts';

/** A consent's name, as the documents' titles and its PDF say it. */
export const consentNames = {
  privacy_policy: 'document.consentKind.privacy_policy',
  sda_information: 'document.consentKind.sda_information',
  credit_information: 'document.consentKind.credit_information',
  e_contract: 'document.consentKind.e_contract',
} as const satisfies Record<ConsentKind, MessageKey>;

/** What a consent's document was made from (`customer_documents.details`). */
export interface ConsentDocumentDetails {
  consent_id: number;
  consent_kind: ConsentKind;
  version: number;
  /** The wording's SHA-256 the consent ledger keeps (the document's own is of the PDF). */
  text_sha256: string;
}

/** The consents of `userId` that have no document yet, with the wording each was given to. */
function consentsWithoutDocument(db: Database, userId: number) {
  const documented = sql`exists (select 1 from ${customerDocuments}
    where ${customerDocuments.userId} = ${consents.userId} and ${customerDocuments.kind} = 'consent'
      and ${customerDocuments.details} ->> 'consent_id' = ${consents.id}::text)`;
  return db
    .select({
      id: consents.id,
      kind: consents.kind,
      loanId: consents.loanApplicationId,
      agreedAt: consents.agreedAt,
      ip: consents.ip,
      textSha256: consents.textSha256,
      version: consentTexts.version,
      body: consentTexts.body,
      name: users.name,
      surname: users.surname,
    })
    .from(consents)
    .innerJoin(consentTexts, eq(consentTexts.id, consents.consentTextId))
    .innerJoin(users, eq(users.id, consents.userId))
    .where(and(eq(consents.userId, userId), sql`not ${documented}`))
    .orderBy(consents.id);
}

type UndocumentedConsent = Awaited<ReturnType<typeof consentsWithoutDocument>>[number];

/** The wording given, as its PDF says it: the text agreed to, then who agreed, when and where. */
function consentModel(consent: UndocumentedConsent, lender: string): PdfModel {
  const title = translate(consentNames[consent.kind], 'ka');
  const paragraphs = consent.body.split('\n').filter((line) => line.trim() !== '');
  return {
    title,
    author: lender,
    createdAt: consent.agreedAt,
    footer: `${title}, ვერსია ${consent.version}`,
    pageNumber: (page, pages) => `გვერდი ${page} / ${pages}`,
    blocks: [
      { kind: 'title', text: title },
      {
        kind: 'facts',
        rows: [
          ['ვინ დაეთანხმა', `${consent.name} ${consent.surname}`],
          ['როდის', formatTimestamp(consent.agreedAt)],
          ['IP მისამართი', consent.ip],
          ['ტექსტის ვერსია', String(consent.version)],
          ['ტექსტის SHA-256', consent.textSha256],
        ],
      },
      { kind: 'heading', text: 'ტექსტი, რომელსაც დაეთანხმა' },
      ...paragraphs.map((text): PdfBlock => ({ kind: 'paragraph', text })),
    ],
  };
}

/**
 * Makes the documents of `userId`'s consents that have none yet (`consent`): a PDF of the
 * wording version agreed to, with who, when and the wording's SHA-256 the ledger keeps; the
 * listed SHA-256 is, as for every document, of the PDF's bytes. The customer's row is locked
 * meanwhile, so two listings at once make each consent's document once.
 */
export async function documentConsents(
  db: Database,
  storage: FileStorage,
  userId: number,
  lender: string,
): Promise<void> {
  // Most listings find nothing to make: look before taking the lock.
  if ((await consentsWithoutDocument(db, userId)).length === 0) return;
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    for (const consent of await consentsWithoutDocument(tx, userId)) {
      const details: ConsentDocumentDetails = {
        consent_id: consent.id,
        consent_kind: consent.kind,
        version: consent.version,
        text_sha256: consent.textSha256,
      };
      await storePdfDocument(tx, storage, 'consents', consentModel(consent, lender), {
        userId,
        loanId: consent.loanId,
        kind: 'consent',
        details: { ...details },
        createdAt: consent.agreedAt,
      });
    }
  });
}
