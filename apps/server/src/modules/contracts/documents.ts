import {
  documentPath,
  formatTimestamp,
  translate,
  type CustomerDocument,
  type DocumentKind,
  type Locale,
  type MessageKey,
} from '@sesxi/contract';
import { httpError } from '#app/errors.ts';
import type { FileStorage } from '#app/integrations/storage/file-storage.ts';
import { createAccessLogRepository } from '#app/modules/access-log/index.ts';
import type { ServiceContext } from '#app/service-context.ts';
import {
  consentNames,
  documentConsents,
  type ConsentDocumentDetails,
} from './consent-documents.ts';
import { createContractRepository, type DocumentRow } from './repository.ts';

const titles = {
  key_terms: 'document.key_terms',
  contract: 'document.contract',
  signed_contract: 'document.signed_contract',
  schedule: 'document.schedule',
  decision: 'document.decision',
  consent: 'document.consent',
  receipt: 'document.receipt',
  closure: 'document.closure',
} as const satisfies Record<DocumentKind, MessageKey>;

/** Who downloads a document: a customer, or staff with their roles, from where. */
export interface Downloader {
  userId: number;
  isStaff: boolean;
  isCreditOfficer: boolean;
  ip: string;
}

type ListedRow = DocumentRow & { details: Record<string, unknown>; contractNumber: string | null };

/**
 * A document's title in `locale`: its kind, with its contract's number or the application's id;
 * a consent's names the consent and the version of its wording, a receipt's the amount paid.
 */
function titleOf(row: ListedRow, locale: Locale) {
  if (row.kind === 'consent') {
    const { consent_kind, version } = row.details as unknown as ConsentDocumentDetails;
    const consent = translate(consentNames[consent_kind], locale);
    return translate(titles.consent, locale, { consent, version });
  }
  // A signed contract's details name the document it signs, not the number: the contract's.
  // A receipt's details give its amount.
  return translate(titles[row.kind], locale, {
    ...row.details,
    number: row.contractNumber,
    loan: row.loanId,
  });
}

/** Documents as the list answers them, newest first; every `sha256` is of the file `url` serves. */
function listed(rows: ListedRow[], locale: Locale): CustomerDocument[] {
  return rows.map((row) => ({
    kind: row.kind,
    title: titleOf(row, locale),
    created_at: formatTimestamp(row.createdAt),
    sha256: row.sha256,
    url: documentPath.replace(':id', String(row.id)),
    loan_id: row.loanId,
    superseded: row.supersededAt !== null,
  }));
}

/**
 * The customer's documents and their files: the owner's, and credit officers' (logged). The
 * consents' documents are made when first listed (consent-documents.ts).
 */
export function createDocumentService({
  db,
  clock,
  log,
  storage,
  productName,
}: ServiceContext & { storage: FileStorage; productName: string }) {
  return {
    /** The customer's documents, newest first, each with the address that downloads it. */
    async list(userId: number, locale: Locale): Promise<CustomerDocument[]> {
      await documentConsents(db, storage, userId, productName);
      return listed(await createContractRepository(db).documentsOf(userId), locale);
    },

    /**
     * An application's documents as its officer reads them: those of the application and the
     * customer's consents that concern no one application; newest first. The caller logs it.
     */
    async listForApplication(
      application: { id: number; userId: number },
      locale: Locale,
    ): Promise<CustomerDocument[]> {
      await documentConsents(db, storage, application.userId, productName);
      const rows = await createContractRepository(db).documentsOf(application.userId);
      const concerned = rows.filter((row) => row.loanId === null || row.loanId === application.id);
      return listed(concerned, locale);
    },

    /**
     * One document's file: its owner's (anyone else's id answers 404, as a missing one), or a
     * credit officer's, whose download goes to the access log; other staff get 403.
     */
    async download(downloader: Downloader, id: number) {
      if (downloader.isStaff && !downloader.isCreditOfficer) {
        log.warn(
          {
            event: 'access_denied',
            reason: 'documents_for_credit_officers',
            userId: downloader.userId,
          },
          'only credit officers read customers’ documents',
        );
        throw httpError(403, 'errors.forbidden');
      }
      const row = await createContractRepository(db).document(id);
      if (!row || (!downloader.isStaff && row.userId !== downloader.userId))
        throw httpError(404, 'errors.notFound');
      const bytes = await storage.read(row.storageKey);
      if (downloader.isStaff) {
        await createAccessLogRepository(db).append({
          actorUserId: downloader.userId,
          subjectUserIds: [row.userId],
          action: 'applications.document',
          details: { document_id: id, application_id: row.loanId, kind: row.kind },
          ip: downloader.ip,
          at: clock.now(),
        });
      }
      return { bytes, name: `${row.kind}-${row.id}.pdf` };
    },
  };
}
