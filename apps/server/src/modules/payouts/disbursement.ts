import {
  parseTimestamp,
  tbilisiDate,
  toGel,
  toTetri,
  type BodyOf,
  type disbursementReport,
} from '@sesxi/contract';
import { fieldError, HttpError, httpError } from '#app/errors.ts';
import {
  requestFingerprint,
  requireIdempotencyKey,
  requireSameRequest,
} from '#app/http/idempotency.ts';
import { recordDisbursement, type PayoutDependencies } from './disbursed.ts';
import { createPayoutRepository } from './repository.ts';
import { insertPayout, type PayoutMode } from './request.ts';
import { loanTermsOf } from './terms.ts';
import { payoutView, type PayoutView } from './view.ts';

export type DisbursementBody = BodyOf<typeof disbursementReport>;

/** Who reports: a staff account holding `credit_officer`, a person's or a service's. */
export interface Reporter {
  userId: number;
  isMachine: boolean;
}

/**
 * `PAYOUT_MODE=core`: the core system pays and reports it (`POST /api/loans/{id}/disbursement`),
 * and the payout is recorded as paid with everything a paid bank payout does. A service
 * account only (a person's account gets 403); each report carries an `Idempotency-Key`, and the
 * same key again answers the first report's result and changes nothing.
 */
export function createDisbursementReports(dependencies: PayoutDependencies & { mode: PayoutMode }) {
  const { db, clock, log, mode } = dependencies;

  function refusal(reporter: Reporter, loanId: number) {
    log.warn(
      { event: 'access_denied', reason: 'payout.machineOnly', loanId, userId: reporter.userId },
      'a person may not report a disbursement',
    );
    return httpError(403, 'payout.machineOnly');
  }

  return {
    async report(
      reporter: Reporter,
      loanId: number,
      header: string | undefined,
      body: DisbursementBody,
    ): Promise<PayoutView> {
      if (!reporter.isMachine) throw refusal(reporter, loanId);
      const key = requireIdempotencyKey(header);
      if (mode !== 'core') throw httpError(409, 'payout.notCoreMode');
      const paidAt = parseTimestamp(body.paid_at);
      if (!paidAt) throw fieldError('paid_at', 'validation.timestamp');
      const sha256 = requestFingerprint(loanId, body.amount, body.paid_at, body.bank_reference);
      return db.transaction(async (tx) => {
        const payouts = createPayoutRepository(tx);
        const status = await payouts.lockApplication(loanId);
        if (status === undefined) throw httpError(404, 'errors.notFound');
        const earlier = await payouts.byReportKey(key);
        if (earlier) {
          requireSameRequest(earlier.reportSha256, sha256);
          return payoutView(earlier);
        }
        const [document, terms] = await Promise.all([
          payouts.signedDocument(loanId),
          loanTermsOf(tx, loanId),
        ]);
        if (status !== 'signed' || !document?.iban || !terms) {
          throw httpError(409, 'payout.notSigned');
        }
        if (toTetri(body.amount) !== terms.payoutTetri) {
          throw new HttpError(422, 'errors.validation', {
            fields: {
              amount: [
                { key: 'payout.amountMismatch', params: { expected: toGel(terms.payoutTetri) } },
              ],
            },
          });
        }
        // A payout this server queued before the mode changed: the bank may be asked right now.
        const queued = await payouts.liveOf(loanId);
        if (queued?.state === 'sending') throw httpError(409, 'payout.inProgress');
        const now = clock.now();
        const payout =
          queued ??
          (await insertPayout(
            tx,
            loanId,
            { ...document, iban: document.iban },
            terms.payoutTetri,
            now,
          ));
        const paid = await recordDisbursement(tx, dependencies, payout, {
          bankReference: body.bank_reference,
          paidAt,
          payoutDate: tbilisiDate(paidAt),
          actorUserId: reporter.userId,
          report: { key, sha256 },
        });
        return payoutView(paid);
      });
    },
  };
}
