import type { creditInfoShow, PtiLimits, ResponseOf } from '@sesxi/contract';
import { HttpError, httpError } from '#app/errors.ts';
import type { SmsSender } from '#app/integrations/sms/sms-sender.ts';
import { tokenFormat, tokenHash } from '#app/security/tokens.ts';
import { createConsentRepository, type ConsentEvidence } from '../consents/repository.ts';
import { recordOfferSnapshot } from '../loan-offers/service.ts';
import type { ServiceContext } from '../service-context.ts';
import { createSsoRepository } from '../sso/repository.ts';
import type { User } from '../users/repository.ts';
import { createLoanRepository } from './repository.ts';
import { moveApplication } from './transitions.ts';

/** A credit-bureau consent counts for 30 days (Creditinfo Georgia's rule for individuals). */
export const creditConsentValidMs = 30 * 24 * 60 * 60_000;

interface CreditInfoDependencies extends ServiceContext {
  sms: SmsSender;
  productName: string;
  ptiLimits: PtiLimits;
}

/** The steps after the form: the credit-bureau consent, identification, and the submission. */
export function createCreditInfoService({
  db,
  clock,
  log,
  sms,
  productName,
  ptiLimits,
}: CreditInfoDependencies) {
  const repository = createLoanRepository(db);

  async function requireOwned(id: number, userId: number) {
    if (!(await repository.findOwned(id, userId))) throw httpError(404, 'errors.notFound');
  }

  /** Every refused finish answers the spec's one message; the log keeps the reason. */
  function finishRefused(loanId: number, reason: string) {
    log.info({ event: 'loan_finish_refused', loanId, reason }, 'loan application not finished');
    return new HttpError(422, 'loan.finishFailed');
  }

  return {
    async text(userId: number, id: number): Promise<ResponseOf<typeof creditInfoShow>> {
      await requireOwned(id, userId);
      const wording = await createConsentRepository(db).latestText('credit_information');
      return { status: 'success', credit_info_text: wording?.body ?? '' };
    },

    /** Records the consent in the ledger and moves the application to consented, together. */
    async agree(userId: number, id: number, evidence: ConsentEvidence): Promise<void> {
      await db.transaction(async (tx) => {
        await moveApplication(tx, { id, userId, name: 'consent', now: evidence.agreedAt });
        await createConsentRepository(tx).record(userId, 'credit_information', evidence);
      });
      log.info({ event: 'loan_consented', loanId: id }, 'credit information consent recorded');
    },

    /**
     * Submits the application once single sign-on proved the customer's identity: the SSO
     * transaction must be completed, unused, started by this customer for this application,
     * and name the customer's personal number, and the credit consent must be under 30 days
     * old. The transaction is spent together with the submission, or not at all; the offer
     * snapshot (recomputed here, the server being the authority) is stored with them.
     */
    async finish(user: User, id: number, ssoToken: string): Promise<void> {
      await requireOwned(id, user.id);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const identity = tokenFormat.test(ssoToken)
          ? await createSsoRepository(tx).consumeLoanIdentity(
              tokenHash(ssoToken),
              { userId: user.id, loanId: id },
              now,
            )
          : undefined;
        if (!identity) throw finishRefused(id, 'no_usable_sso_transaction');
        if (identity.personalNumber !== user.identityNumber) {
          throw finishRefused(id, 'identity_mismatch');
        }
        const consentedAt = await createLoanRepository(tx).lastConsentAt(
          user.id,
          'credit_information',
        );
        if (!consentedAt || now.getTime() - consentedAt.getTime() > creditConsentValidMs) {
          throw finishRefused(id, 'no_valid_credit_consent');
        }
        await moveApplication(tx, {
          id,
          userId: user.id,
          name: 'submit',
          now,
          refusal: 'loan.finishFailed',
        });
        const application = await createLoanRepository(tx).findOwned(id, user.id);
        if (!application) throw new Error(`submitted application ${id} is not there`);
        await recordOfferSnapshot(tx, { ...application, userId: user.id }, { ptiLimits, now });
      });
      log.info({ event: 'loan_submitted', loanId: id }, 'loan application submitted');
      try {
        await sms.send(
          user.phone,
          `${productName}: განაცხადი №${id} მიღებულია, შედეგს შეგატყობინებთ.`,
        );
      } catch (error) {
        // The application is submitted either way; the text is a courtesy.
        log.warn({ err: error, loanId: id }, 'the submission SMS could not be sent');
      }
    },
  };
}
