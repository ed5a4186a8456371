import { addDaysToIsoDate, translate, type Contract, type Locale } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { HttpError, fieldError, httpError } from '#app/errors.ts';
import type { FileStorage } from '#app/integrations/storage/file-storage.ts';
import { createConsentLedger, type ConsentEvidence } from '#app/modules/consents/index.ts';
import { lockApplication, moveApplication } from '#app/modules/loans/index.ts';
import {
  spendBoundCode,
  type BoundCode,
  type createPhoneCodeService,
} from '#app/modules/phone-codes/index.ts';
import type { SmsQueue } from '#app/modules/sms/index.ts';
import type { EnqueueWebhook } from '#app/modules/webhooks/index.ts';
import { appendPage } from '#app/pdf/append-page.ts';
import { insertCustomerDocument, sha256Of, storePdf } from '#app/pdf/customer-documents.ts';
import type { SignedIn } from '#app/plugins/authentication.ts';
import type { ServiceContext } from '#app/service-context.ts';
import { certificatePage } from './certificate.ts';
import type { AfterCommit, ContractReader, PayoutHooks, SignableContract } from './ports.ts';
import { createSigningRepository } from './repository.ts';
import { withdrawalDays } from './withdrawal-window.ts';

/** The signed-in customer, as the session read them. */
export type Signer = SignedIn['user'];

export interface SigningDependencies extends ServiceContext {
  sms: SmsQueue;
  enqueueWebhook: EnqueueWebhook;
  storage: FileStorage;
  codes: ReturnType<typeof createPhoneCodeService>;
  /** The business date in force. */
  businessToday: () => Promise<string>;
  contracts: ContractReader;
  payouts: PayoutHooks;
  productName: string;
  /** The request's language, for the answer. */
  locale: Locale;
}

/** The customer's contract of `loanId`; another customer's, or none, answers 404. */
export async function requireContract(
  contracts: ContractReader,
  db: Database,
  loanId: number,
  userId: number,
): Promise<SignableContract> {
  const contract = await contracts.read(db, loanId, userId);
  if (!contract) throw httpError(404, 'errors.notFound');
  return contract;
}

/**
 * Signing a contract with a code texted for its very document (decision 022): the code binds the
 * application and the document's SHA-256, the signed document is the same bytes followed by a
 * certificate page, and the evidence is kept beside it.
 */
export function createSigningService({
  db,
  log,
  sms,
  enqueueWebhook,
  storage,
  codes,
  businessToday,
  contracts,
  payouts,
  productName,
  locale,
}: SigningDependencies) {
  /**
   * The contract state a signature moves the contract from: an offer still valid on `today`, or
   * a signed contract waiting for a new signature (its payout refused, another account given).
   * 409 for anything else.
   */
  async function signableFrom(
    tx: Database,
    contract: SignableContract,
    today: string,
  ): Promise<Contract['status']> {
    if (contract.status === 'offered' && contract.loanStatus === 'approved') {
      if (today > contract.validUntil) throw httpError(409, 'contract.offerExpired');
      return 'offered';
    }
    if (
      contract.status === 'signed' &&
      contract.loanStatus === 'signed' &&
      (await payouts.awaitsNewSignature(tx, contract.loanId))
    ) {
      return 'signed';
    }
    throw httpError(409, 'contract.notSignable');
  }

  /** Only a customer whose identity document check passed may sign: that is where it is asked for. */
  function requireIdentityChecked(signer: Signer) {
    if (signer.isIdentomatVerified) return;
    throw new HttpError(403, 'contract.identityCheckRequired', {
      extra: { identity_check_required: true },
    });
  }

  /** The contract as it may be signed now by `signer`, on the business date `today`. */
  async function signable(signer: Signer, loanId: number, today: string) {
    const contract = await requireContract(contracts, db, loanId, signer.id);
    await signableFrom(db, contract, today);
    requireIdentityChecked(signer);
    // The document names the account it is paid into: none chosen yet, there is nothing to sign.
    if (contract.document.iban === null) throw fieldError('iban', 'contract.ibanRequired');
    return contract;
  }

  const boundCodeOf = (signer: Signer, contract: SignableContract): BoundCode => ({
    phone: signer.phone,
    purpose: 'contract_signing',
    subject: `loan:${String(contract.loanId)}:sha256:${contract.document.sha256}`,
  });

  /** The signed document's bytes, stored under a new key: the original and its certificate. */
  async function storeSignedDocument(
    signer: Signer,
    contract: SignableContract,
    facts: { codeSentAt: Date; evidence: ConsentEvidence; eContractVersion: number },
  ) {
    const original = await storage.read(contract.document.storageKey);
    if (sha256Of(original) !== contract.document.sha256) {
      throw new Error(`document ${String(contract.document.id)} no longer has its SHA-256`);
    }
    const signed = await appendPage(
      original,
      certificatePage({
        contractNumber: contract.number,
        name: signer.name,
        surname: signer.surname,
        personalNumber: signer.identityNumber ?? '',
        phone: signer.phone,
        signedAt: facts.evidence.agreedAt,
        codeSentAt: facts.codeSentAt,
        ip: facts.evidence.ip,
        userAgent: facts.evidence.userAgent,
        originalSha256: contract.document.sha256,
        originalSize: original.length,
        eContractVersion: facts.eContractVersion,
      }),
    );
    return storePdf(storage, 'documents', signed);
  }

  /** Removes a signed file no row points at (its signature lost a race); logged, never answered. */
  async function discard(storageKey: string) {
    try {
      await storage.delete(storageKey);
    } catch (error) {
      log.warn({ err: error, key: storageKey }, 'a signed document no row uses was not removed');
    }
  }

  /** The payout's step once the signature is in: its failure is logged, the poll tries again. */
  async function runAfterCommit(loanId: number, afterCommit: AfterCommit | undefined) {
    try {
      await afterCommit?.();
    } catch (error) {
      log.warn({ err: error, loanId }, 'the payout is sent later, by the job poll');
    }
  }

  return {
    /**
     * Texts the signing code for the contract's current document, naming the contract's number,
     * amount, term, effective rate and the first 8 characters of the document's SHA-256.
     */
    async sendCode(signer: Signer, loanId: number, ip: string): Promise<void> {
      const contract = await signable(signer, loanId, await businessToday());
      await codes.sendBound(boundCodeOf(signer, contract), ip, (code) =>
        translate('sms.signingCode', 'ka', {
          product: productName,
          code,
          number: contract.number,
          amount: contract.amount,
          months: contract.months,
          rate: contract.effectiveRate.toFixed(2).replace('.', ','),
          hash: contract.document.sha256.slice(0, 8),
        }),
      );
    },

    /**
     * Signs the contract's current document with the code texted for it, at the moment and from
     * where `evidence` says. In one transaction,
     * under the application's row lock: the code is spent, the signed document and the
     * evidence stored, the first signature's e-contract agreement recorded, the application
     * and the contract marked signed, the text, the webhook and the payout queued. Once that
     * transaction is in, the text and the payout are sent at once (the job poll retries either).
     * A code for another document (the account changed since) or a contract no longer signable
     * changes nothing.
     */
    async sign(
      signer: Signer,
      loanId: number,
      code: string,
      evidence: ConsentEvidence,
    ): Promise<Contract> {
      const today = await businessToday();
      const contract = await signable(signer, loanId, today);
      const matched = await codes.matchBound(boundCodeOf(signer, contract), code);
      const now = evidence.agreedAt;
      const eContract = await createConsentLedger(db).currentWording('e_contract');
      const stored = await storeSignedDocument(signer, contract, {
        codeSentAt: matched.sentAt,
        evidence,
        eContractVersion: eContract.version,
      });
      let committed: { text: number; afterCommit: AfterCommit | undefined };
      try {
        committed = await db.transaction(async (tx) => {
          await lockApplication(tx, loanId, signer.id);
          const locked = await requireContract(contracts, tx, loanId, signer.id);
          const from = await signableFrom(tx, locked, today);
          if (locked.document.sha256 !== contract.document.sha256) {
            throw fieldError('code', 'validation.codeForAnotherDocument');
          }
          if (!(await spendBoundCode(tx, matched, now))) {
            throw fieldError('code', 'validation.codeExpired');
          }
          const ledger = createConsentLedger(tx);
          const unagreed = await ledger.unagreedWording(signer.id, 'e_contract');
          if (unagreed && unagreed.id !== eContract.id) {
            throw httpError(409, 'consent.wordingChanged');
          }
          const repository = createSigningRepository(tx);
          // It keeps what it signs, and the account and payment day the signed document states:
          // what its payout pays and its schedule runs on.
          const signedDocumentId = await insertCustomerDocument(tx, stored, {
            userId: signer.id,
            loanId,
            kind: 'signed_contract',
            details: {
              signs_document_id: contract.document.id,
              signs_sha256: contract.document.sha256,
              iban: contract.document.iban,
              payment_day: contract.document.paymentDay,
            },
          });
          await repository.insertSignature({
            loanId,
            userId: signer.id,
            documentId: contract.document.id,
            documentSha256: contract.document.sha256,
            signedDocumentId,
            codeId: matched.id,
            codeSentAt: matched.sentAt,
            phone: signer.phone,
            personalNumber: signer.identityNumber ?? '',
            ip: evidence.ip,
            userAgent: evidence.userAgent,
            eContractConsentId: unagreed
              ? await ledger.record(signer.id, unagreed, evidence)
              : null,
            signedOn: today,
            signedAt: now,
          });
          if (from === 'offered') {
            await moveApplication(tx, { id: loanId, userId: signer.id, name: 'sign', now });
          }
          if (!(await repository.markSigned(loanId, [from], { signedDocumentId, signedAt: now }))) {
            throw httpError(409, 'contract.notSignable');
          }
          await enqueueWebhook(tx, 'contract.signed', loanId);
          const afterCommit = await payouts.afterSigning(tx, { loanId, signedDocumentId });
          const text = await sms.queue(tx, {
            phone: signer.phone,
            text: translate('sms.contractSigned', 'ka', {
              product: productName,
              number: contract.number,
              date: addDaysToIsoDate(today, withdrawalDays),
            }),
          });
          return { text, afterCommit };
        });
      } catch (error) {
        await discard(stored.storageKey);
        throw error;
      }
      log.info(
        { event: 'contract_signed', loanId, sha256: contract.document.sha256 },
        'contract signed',
      );
      await sms.sendNow(committed.text);
      await runAfterCommit(loanId, committed.afterCommit);
      return contracts.answer(db, loanId, signer.id, locale);
    },
  };
}
