import { bankStatementExtensions, type applicationReview, type ResponseOf } from '@sesxi/contract';
import { moveApplicationAsStaff } from '#app/modules/loans/index.ts';
import type { DecisionContext } from './context.ts';
import { productOf } from './approval.ts';
import { createDecisionRepository } from './repository.ts';
import { reviewView } from './review-view.ts';
import type { Officer } from './who-decides.ts';

/** How many document checks the review screen shows. */
const checksShown = 10;

/** An application under an officer's eyes: taken into review, read, its statement downloaded. */
export function createReview({
  db,
  clock,
  log,
  storage,
  secondOfficerFrom,
  repository,
  logRead,
  lockDecidable,
  applicationOr404,
}: DecisionContext) {
  return {
    /** Everything an officer decides on, logged as a read of the customer's data. */
    async review(officer: Officer, id: number): Promise<ResponseOf<typeof applicationReview>> {
      const application = await applicationOr404(id);
      const [submitted, report, checks, consents, history, decisions, others, product] =
        await Promise.all([
          repository.submissionOffer(id),
          repository.creditReport(id),
          repository.identityChecks(application.userId, checksShown),
          repository.consents(application.userId, application.creditConsentId),
          repository.history(id),
          repository.decisions(id),
          repository.otherApplications(application.userId, id),
          productOf(db, application.productId),
        ]);
      await logRead(officer, 'applications.show', [application.customer.id], {
        application_id: id,
      });
      const reasons = decisions.at(-1)?.kind === 'rejection' ? await repository.reasons() : [];
      return reviewView(
        {
          application,
          submitted,
          report,
          checks,
          consents,
          history,
          decisions,
          others,
          reasons,
          product,
          secondOfficerFrom,
        },
        officer,
        clock.now(),
      );
    },

    /**
     * The bank statement, for download; logged like every read of the customer's data. It is
     * named from the application and the type its content showed, never by the customer's file
     * name (`statement.html` would open a PDF+HTML polyglot as a web page).
     */
    async bankStatement(officer: Officer, id: number) {
      const application = await applicationOr404(id);
      const bytes = await storage.read(application.bankStatementKey);
      await logRead(officer, 'applications.bank_statement', [application.customer.id], {
        application_id: id,
      });
      const type = application.bankStatementType;
      return { bytes, type, name: `bank-statement-${id}.${bankStatementExtensions[type]}` };
    },

    /**
     * Takes a submitted application into review, assigned to the officer; with `takeOver`, one
     * under review held by a colleague passes to the officer (the history says from whom).
     */
    async takeReview(officer: Officer, id: number, takeOver = false): Promise<void> {
      const from = await db.transaction(async (tx) => {
        const application = await lockDecidable(tx, officer, id);
        const holder = application.assignedOfficerId;
        if (takeOver && application.status === 'under_review') {
          // Their own already: nothing to take over.
          if (holder === officer.userId) return undefined;
          await createDecisionRepository(tx).takeOver(id, officer.userId, holder, clock.now());
          return holder;
        }
        await moveApplicationAsStaff(tx, {
          id,
          officerId: officer.userId,
          name: 'startReview',
          now: clock.now(),
          assignedOfficerId: officer.userId,
        });
        return undefined;
      });
      log.info(
        from === undefined
          ? { event: 'loan_review_started', loanId: id, officerId: officer.userId }
          : { event: 'loan_review_taken_over', loanId: id, officerId: officer.userId, from },
        from === undefined ? 'application taken into review' : 'application taken over',
      );
    },
  };
}
