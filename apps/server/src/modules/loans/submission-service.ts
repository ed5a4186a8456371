import {
  EffectiveRateCapError,
  formatTimestamp,
  translate,
  type creditInfoShow,
  type MessageKey,
  type PtiLimits,
  type ResponseOf,
} from '@sesxi/contract';
import { HttpError, httpError } from '#app/errors.ts';
import { recordEvent } from '#app/metrics/business-events.ts';
import type { SmsQueue } from '#app/modules/sms/index.ts';
import {
  createConsentLedger,
  creditConsentValidMs,
  type ConsentEvidence,
} from '#app/modules/consents/index.ts';
import type { FastifyInstance } from 'fastify';
import { requestCreditReport } from '#app/modules/credit-reports/index.ts';
import { recordOfferSnapshot } from '#app/modules/loan-offers/index.ts';
import { currentQuestionnaire } from '#app/modules/questionnaires/index.ts';
import type { EnqueueWebhook } from '#app/modules/webhooks/index.ts';
import type { ServiceContext } from '#app/service-context.ts';
import { spendLoanSignIn } from '#app/modules/sso/index.ts';
import type { UserProfile } from '#app/modules/users/index.ts';
import { tokenFormat, tokenHash } from '#app/security/tokens.ts';
import { createLoanRepository } from './repository.ts';
import { moveApplication } from './transitions.ts';

interface SubmissionDependencies extends ServiceContext {
  sms: SmsQueue;
  productName: string;
  ptiLimits: PtiLimits;
  jobs: Pick<FastifyInstance['jobs'], 'enqueue' | 'runNow'>;
  enqueueWebhook: EnqueueWebhook;
}

/**
 * The steps after the form that lead to the lender: the credit-bureau consent, then the
 * submission once single sign-on has identified the customer.
 */
export function createSubmissionService({
  db,
  clock,
  log,
  sms,
  productName,
  ptiLimits,
  jobs,
  enqueueWebhook,
}: SubmissionDependencies) {
  const repository = createLoanRepository(db);

  async function requireOwned(id: number, userId: number) {
    const application = await repository.findOwned(id, userId);
    if (!application) throw httpError(404, 'errors.notFound');
    return application;
  }

  /**
   * A refused submission answers the spec's message, or says that the identity confirmed is
   * someone else's, which the customer can put right; the log keeps the reason.
   */
  function submissionRefused(
    loanId: number,
    reason: string,
    key: MessageKey = 'loan.finishFailed',
  ) {
    log.info({ event: 'loan_finish_refused', loanId, reason }, 'loan application not finished');
    return new HttpError(422, key);
  }

  /**
   * The bureau is asked at once so the officer usually finds the report ready, through the
   * job queued with the submission: whoever claims it (this request or a poller) asks, so the
   * bureau hears one enquiry. When it cannot answer, the submission stands and the job asks
   * again later.
   */
  async function askBureauNow(applicationId: number, job: number) {
    try {
      await jobs.runNow(job);
    } catch (error) {
      log.warn({ err: error, loanId: applicationId }, 'the credit report is asked for again later');
    }
  }

  /** A repeat of a submission that went through (its answer lost on the way): nothing to do. */
  async function alreadySubmitted(tx: typeof db, user: UserProfile, id: number, token: string) {
    if (!tokenFormat.test(token)) return false;
    return createLoanRepository(tx).submittedWithSignIn(id, user.id, tokenHash(token));
  }

  return {
    /** The wording to agree to, and when the customer agreed if that consent still counts. */
    async consentText(userId: number, id: number): Promise<ResponseOf<typeof creditInfoShow>> {
      const application = await requireOwned(id, userId);
      const ledger = createConsentLedger(db);
      const [wording, given] = await Promise.all([
        ledger.currentWording('credit_information'),
        application.statusCode === 'consented' ? ledger.creditConsentOf(id) : undefined,
      ]);
      return {
        status: 'success',
        credit_info_text: wording.body,
        credit_info_html: wording.html,
        credit_info_version: wording.version,
        credit_info_sha256: wording.sha256,
        agreed_at: given ? formatTimestamp(given.agreedAt) : null,
      };
    },

    /**
     * Records the consent to the wording of version `shownVersion` (the current one when the
     * client names none) in the ledger, for this application, and moves the application to
     * consented, together; 409 and nothing changed when that wording is no longer the current.
     */
    async agree(
      userId: number,
      id: number,
      evidence: ConsentEvidence,
      shownVersion?: number,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await moveApplication(tx, { id, userId, name: 'consent', now: evidence.agreedAt });
        const ledger = createConsentLedger(tx);
        const wording = await ledger.agreedWording('credit_information', {
          field: 'credit_info',
          version: shownVersion,
        });
        await ledger.record(userId, wording, evidence, { loanApplicationId: id });
      });
      log.info({ event: 'loan_consented', loanId: id }, 'credit information consent recorded');
    },

    /**
     * Finishes the application (`POST /api/credit-info/{id}/finish`): submits it once single
     * sign-on proved the customer's identity. The sign-in must be completed, unused, started by
     * this customer for this application, and name the customer's personal number, and this
     * application's credit consent must be under 30 days old. The sign-in is spent together with the submission, or not at all; the submission
     * record (which sign-in, which consent) and the offer snapshot (recomputed here, the server
     * being the authority) are stored with them. The same sign-in sent again once the
     * submission went through answers success again and changes nothing.
     */
    async finish(user: UserProfile, id: number, ssoToken: string): Promise<void> {
      await requireOwned(id, user.id);
      const now = clock.now();
      const queued = await db.transaction(async (tx) => {
        const signIn = await spendLoanSignIn(tx, ssoToken, { userId: user.id, loanId: id }, now);
        if (!signIn && (await alreadySubmitted(tx, user, id, ssoToken))) return undefined;
        if (!signIn) throw submissionRefused(id, 'no_usable_sso_transaction');
        if (signIn.personalNumber !== user.identityNumber) {
          throw submissionRefused(id, 'identity_mismatch', 'loan.identityMismatch');
        }
        const consent = await createConsentLedger(tx).creditConsentOf(id);
        if (!consent || now.getTime() - consent.agreedAt.getTime() > creditConsentValidMs) {
          throw submissionRefused(id, 'no_valid_credit_consent');
        }
        await moveApplication(tx, {
          id,
          userId: user.id,
          name: 'submit',
          now,
          refusal: 'loan.finishFailed',
        });
        const loans = createLoanRepository(tx);
        await loans.insertSubmission({
          applicationId: id,
          ssoTransactionId: signIn.transactionId,
          identifiedPersonalNumber: signIn.personalNumber,
          identifiedAt: signIn.completedAt,
          creditConsentId: consent.id,
          questionnaire: (await currentQuestionnaire(tx, user.id)) ?? null,
          submittedAt: now,
        });
        const application = await loans.findOwned(id, user.id);
        if (!application) throw new Error(`submitted application ${id} is not there`);
        try {
          await recordOfferSnapshot(tx, { ...application, userId: user.id }, { ptiLimits, now });
        } catch (error) {
          // Above the 50% cap (a product saved before the exact check): nothing is submitted,
          // the transaction rolls back and the sign-in stays unspent.
          if (!(error instanceof EffectiveRateCapError)) throw error;
          throw submissionRefused(id, 'effective_rate_cap', 'offer.effectiveRateCap');
        }
        const report = await requestCreditReport(tx, jobs.enqueue, {
          applicationId: id,
          consentId: consent.id,
          now,
        });
        await enqueueWebhook(tx, 'application.submitted', id);
        const text = await sms.queue(tx, {
          phone: user.phone,
          text: translate('sms.submitted', 'ka', { product: productName, id }),
        });
        return { report, text };
      });
      if (!queued) {
        log.info({ event: 'loan_finish_repeated', loanId: id }, 'a submission sent again');
        return;
      }
      recordEvent(log, 'loan_submitted', { loanId: id }, 'loan application submitted');
      await askBureauNow(id, queued.report);
      await sms.sendNow(queued.text);
    },
  };
}
