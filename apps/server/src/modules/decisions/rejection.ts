import { formatTimestamp, type Decision, type Locale } from '@sesxi/contract';
import { fieldError, httpError } from '#app/errors.ts';
import { recordEvent } from '#app/metrics/business-events.ts';
import { recordDecisionLetter } from '#app/modules/contracts/index.ts';
import { moveApplicationAsStaff } from '#app/modules/loans/index.ts';
import type { DecisionContext } from './context.ts';
import { createDecisionRepository } from './repository.ts';
import type { Officer } from './who-decides.ts';

/** Rejections, with reasons from the reference list. */
export function createRejection({
  db,
  clock,
  log,
  sms,
  storage,
  productName,
  enqueueWebhook,
  repository,
  lockDecidable,
  refuseUnlessHolder,
  queueText,
}: DecisionContext) {
  return {
    /** The rejection reasons an officer chooses from, in the officer's language. */
    async reasons(locale: Locale) {
      const rows = await repository.reasons();
      return rows.map((row) => ({ code: row.code, text: locale === 'en' ? row.nameEn : row.name }));
    },

    /**
     * Rejects with reasons from the list (the customer reads them, in the decision letter too)
     * and a note kept inside.
     */
    async reject(
      officer: Officer,
      id: number,
      { reason_codes, note }: { reason_codes: string[]; note: string },
    ): Promise<Decision> {
      const known = await repository.reasons();
      const chosen = known.filter((reason) => reason_codes.includes(reason.code));
      if (chosen.length !== new Set(reason_codes).size)
        throw fieldError('reason_codes', 'validation.rejectionReason');
      const text = await db.transaction(async (tx) => {
        const application = await lockDecidable(tx, officer, id);
        if (application.status !== 'under_review') throw httpError(409, 'errors.conflict');
        refuseUnlessHolder(officer, application);
        const now = clock.now();
        await createDecisionRepository(tx).insertDecision({
          applicationId: id,
          kind: 'rejection',
          officerId: officer.userId,
          reasonCodes: chosen.map((reason) => reason.code),
          note,
          createdAt: now,
        });
        await moveApplicationAsStaff(tx, { id, officerId: officer.userId, name: 'reject', now });
        await recordDecisionLetter(tx, storage, {
          loanId: id,
          userId: application.userId,
          lender: productName,
          decidedAt: now,
          outcome: { kind: 'rejection', reasons: chosen.map((reason) => reason.name) },
        });
        await enqueueWebhook(tx, 'application.rejected', id);
        return queueText(tx, application, { key: 'sms.rejected' });
      });
      recordEvent(
        log,
        'loan_rejected',
        { loanId: id, officerId: officer.userId },
        'application rejected',
      );
      await sms.sendNow(text);
      return {
        state: 'rejected',
        amount: null,
        months: null,
        monthly_payment: null,
        effective_rate: null,
        reasons: chosen.map((reason) => (officer.locale === 'en' ? reason.nameEn : reason.name)),
        decided_at: formatTimestamp(clock.now()),
      };
    },
  };
}
