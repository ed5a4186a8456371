import type { applicationContract, ResponseOf } from '@sesxi/contract';
import { createDocumentService } from '#app/modules/contracts/index.ts';
import { officerPayoutView } from '#app/modules/payouts/index.ts';
import { signingEvidenceOf } from '#app/modules/signing/index.ts';
import type { DecisionContext } from './context.ts';
import type { Officer } from './who-decides.ts';

/**
 * An application's paperwork under its officer's eyes, read only: the documents (downloaded
 * through the documents' route, which logs each download), the signatures' evidence, the
 * payout, the withdrawal and the Identomat check. Logged as a read of the customer's data.
 */
export function createPaperwork(context: DecisionContext) {
  const { db, logRead, applicationOr404 } = context;
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
  };
}
