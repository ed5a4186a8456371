import type { applicationAccount, applicationContract, ResponseOf } from '@sesxi/contract';
import { httpError } from '#app/errors.ts';
import { createDocumentService } from '#app/modules/contracts/index.ts';
import { officerPayoutView } from '#app/modules/payouts/index.ts';
import { loanAccountOn } from '#app/modules/servicing/index.ts';
import { signingEvidenceOf } from '#app/modules/signing/index.ts';
import type { DecisionContext } from './context.ts';
import type { Officer } from './who-decides.ts';

/**
 * An application's paperwork under its officer's eyes, read only: the documents (downloaded
 * through the documents' route, which logs each download), the signatures' evidence, the
 * payout, the withdrawal and the Identomat check; once paid out, the loan's account as its
 * customer sees it. Each logged as a read of the customer's data.
 */
export function createPaperwork(context: DecisionContext) {
  const { db, logRead, applicationOr404, businessDate } = context;
  return {
    async contract(officer: Officer, id: number): Promise<ResponseOf<typeof applicationContract>> {
      const application = await applicationOr404(id);
      const [documents, evidence, payout] = await Promise.all([
        createDocumentService(context).listForApplication(
          { id, userId: application.customer.id },
          officer.locale,
        ),
        signingEvidenceOf(db, id),
        officerPayoutView(db, id),
      ]);
      await logRead(officer, 'applications.show', [application.customer.id], {
        application_id: id,
        part: 'contract',
      });
      return {
        status: 'success',
        documents,
        ...evidence,
        payout,
        identity_check_passed: application.customer.isIdentomatVerified,
      };
    },

    /** The loan's account, read only; 404 before the payout. */
    async account(officer: Officer, id: number): Promise<ResponseOf<typeof applicationAccount>> {
      const application = await applicationOr404(id);
      const found = await loanAccountOn(db, id, await businessDate(db));
      if (!found) throw httpError(404, 'errors.notFound');
      await logRead(officer, 'applications.show', [application.customer.id], {
        application_id: id,
        part: 'account',
      });
      return { status: 'success', account: found.account };
    },
  };
}
