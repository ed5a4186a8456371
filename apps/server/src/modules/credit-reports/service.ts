import { checkAffordability, toGel, toTetri, type CreditReport } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { ServiceUnavailableError } from '#app/errors.ts';
import type { CreditBureau } from '#app/integrations/credit-bureau/credit-bureau.ts';
import { creditConsentValidMs } from '#app/modules/consents/index.ts';
import { createLoanProductRepository } from '#app/modules/loan-products/index.ts';
import type { ServiceContext } from '#app/service-context.ts';
import { createCreditReportRepository } from './repository.ts';

/** The kind of job that asks the bureau for a submission's report (once, retried until it answers). */
export const fetchReportJob = 'credit_report.fetch';

/** What the bureau's loans cost a month, GEL. */
export function bureauObligations(report: CreditReport): number {
  return Math.round(report.loans.reduce((sum, loan) => sum + loan.monthly_payment * 100, 0)) / 100;
}

/**
 * Records that a submission's report is to be asked for, in the submitting transaction, and
 * answers the job that asks: only whoever claims it asks the bureau, so it is asked once.
 */
export async function requestCreditReport(
  tx: Database,
  enqueue: (db: Database, kind: string, payload: unknown) => Promise<number>,
  { applicationId, consentId, now }: { applicationId: number; consentId: number; now: Date },
): Promise<number> {
  await createCreditReportRepository(tx).insertPending(applicationId, consentId, now);
  return enqueue(tx, fetchReportJob, { applicationId });
}

interface CreditReportDependencies extends ServiceContext {
  bureau: CreditBureau;
}

export function createCreditReportService({ db, clock, log, bureau }: CreditReportDependencies) {
  const repository = createCreditReportRepository(db);

  return {
    /**
     * Asks the bureau for a pending report under the application's credit consent (refused,
     * and marked unavailable, once that consent is over 30 days old) and stores it with the
     * affordability recomputed on the bureau's monthly payments when they exceed the declared
     * ones (the customer's loans with this lender counted on top, as at submission). An
     * unreachable bureau throws, so the job asks again later. Nothing to do for a report
     * already in.
     */
    async fetch(applicationId: number): Promise<void> {
      const request = await repository.pendingRequest(applicationId);
      if (!request?.personalNumber) return;
      const now = clock.now();
      const consent = { id: request.consentId, agreedAt: request.consentAgreedAt };
      if (now.getTime() - consent.agreedAt.getTime() > creditConsentValidMs) {
        log.warn(
          { event: 'credit_report_refused', applicationId, consentId: consent.id },
          'consent too old',
        );
        await repository.markUnavailable(applicationId, 'consent_expired');
        return;
      }
      const { inputs } = request;
      log.info(
        { event: 'credit_report_requested', applicationId, consentId: consent.id },
        'credit report asked of the bureau',
      );
      let report: CreditReport;
      try {
        report = await bureau.report({
          personalNumber: request.personalNumber,
          consent,
          declaredSalary: request.salary ?? 0,
        });
      } catch (error) {
        if (error instanceof ServiceUnavailableError) await repository.countAttempt(applicationId);
        throw error;
      }
      const product = await createLoanProductRepository(db).byId(request.productId);
      if (!product) throw new Error(`the product ${request.productId} of a snapshot is gone`);
      const fromBureau = bureauObligations(report);
      // The bureau does not know the loans with this lender yet: they count on top.
      const obligations = toGel(
        toTetri(Math.max(fromBureau, inputs.obligations)) + toTetri(inputs.lender_obligations ?? 0),
      );
      await repository.markReady(applicationId, {
        report,
        obligations: fromBureau,
        declaredObligations: inputs.obligations,
        affordability: checkAffordability({
          product,
          amount: inputs.amount,
          months: inputs.months,
          income: inputs.income,
          obligations,
          limits: inputs.pti_limits,
          payoutDate: inputs.payout_date,
        }),
        now,
      });
      log.info({ event: 'credit_report_received', applicationId }, 'credit report stored');
    },
  };
}
