import {
  parseTimestamp,
  toGel,
  toTetri,
  type BodyOf,
  type corePaymentReport,
  type LoanAccount,
} from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { fieldError, httpError } from '#app/errors.ts';
import {
  requestFingerprint,
  requireIdempotencyKey,
  requireSameRequest,
} from '#app/http/idempotency.ts';
import type { ServiceContext } from '#app/service-context.ts';
import { isServiced, loanAccountOn } from './loan-account.ts';
import type { Payment, PostedPayment, PostPayment } from './payments.ts';
import { payoffOn } from './payoff.ts';
import type { PostRefund } from './refunds.ts';
import { createServicingRepository, totalsOf } from './repository.ts';

/** The body of a core report, a payment's or a refund's. */
export type CoreReportBody = BodyOf<typeof corePaymentReport>;

interface Reporter {
  userId: number;
  isMachine: boolean;
}

/** What a core report posts, whichever it is. */
type CorePosting = Omit<Payment, 'purpose' | 'keep'>;

export interface ServicingDependencies extends ServiceContext {
  today: (db?: Database) => Promise<string>;
  postPayment: PostPayment;
  postRefund: PostRefund;
  penaltyPpmDaily: number;
}

/**
 * A loan's account as its customer sees it, the payoff quote, and the core system's payment
 * and refund reports. A customer sees only their own loans: another's id answers 404, as does a
 * loan not paid out.
 */
export function createServicingService({
  db,
  log,
  today,
  postPayment,
  postRefund,
  penaltyPpmDaily,
}: ServicingDependencies) {
  const servicing = createServicingRepository(db);

  async function ownAccount(customerId: number, loanId: number) {
    const loan = await servicing.loan(loanId);
    const account = loan?.userId === customerId ? await servicing.account(loanId) : undefined;
    if (!loan || !account || !isServiced(loan.status)) throw httpError(404, 'errors.notFound');
    return { account, schedule: await servicing.schedule(loanId) };
  }

  /**
   * A report of the core system, a service account's only (a person's gets 403): posted on the
   * business date under the loan's row lock, once per `Idempotency-Key` (the same key with
   * another request, or on the other route, answers 422) and once per reference.
   */
  async function coreReport(
    kind: 'payment' | 'refund',
    {
      reporter,
      loanId,
      header,
      body,
    }: { reporter: Reporter; loanId: number; header: string | undefined; body: CoreReportBody },
    post: (tx: Database, posting: CorePosting) => Promise<PostedPayment>,
  ) {
    if (!reporter.isMachine) {
      log.warn(
        {
          event: 'access_denied',
          reason: 'servicing.machineOnly',
          loanId,
          userId: reporter.userId,
        },
        `a person may not report a ${kind}`,
      );
      throw httpError(403, 'errors.forbidden');
    }
    const key = requireIdempotencyKey(header);
    if (!parseTimestamp(body.paid_at)) throw fieldError('paid_at', 'validation.timestamp');
    // A payment's fingerprint stays as it was before refunds, so its keys still answer.
    const parts = [loanId, body.amount, body.paid_at, body.reference];
    const sha256 = requestFingerprint(...(kind === 'payment' ? parts : [kind, ...parts]));
    return db.transaction(async (tx) => {
      const repository = createServicingRepository(tx);
      if (!(await repository.lockLoan(loanId))) throw httpError(404, 'errors.notFound');
      const earlier = await repository.coreReport(key);
      if (earlier) {
        requireSameRequest(earlier.requestSha256, sha256);
        return { transaction_id: earlier.transactionId, duplicate: true };
      }
      const posted = await post(tx, {
        loanId,
        amountTetri: toTetri(body.amount),
        paidOn: await today(tx),
        channel: 'core',
        reference: body.reference,
      });
      await repository.insertCoreReport({
        idempotencyKey: key,
        requestSha256: sha256,
        transactionId: posted.transactionId,
      });
      return { transaction_id: posted.transactionId, duplicate: posted.duplicate };
    });
  }

  return {
    async account(customerId: number, loanId: number): Promise<LoanAccount> {
      const found = await loanAccountOn(db, loanId, await today());
      if (found?.ownerId !== customerId) throw httpError(404, 'errors.notFound');
      return found.account;
    },

    async payoff(customerId: number, loanId: number, date: string) {
      const { account, schedule } = await ownAccount(customerId, loanId);
      const businessDate = await today();
      if (date < businessDate) {
        throw fieldError('date', 'servicing.payoffDateBefore', { date: businessDate });
      }
      const quote = payoffOn(
        date,
        { schedule, paidOutOn: account.paidOutOn, penaltyPpmDaily },
        { totals: totalsOf(account), accruedThrough: account.accruedThrough },
      );
      return {
        date,
        principal: toGel(quote.principal),
        interest: toGel(quote.interest),
        penalty: toGel(quote.penalty),
        fee: toGel(quote.fee),
        total: toGel(quote.total),
      };
    },

    /**
     * The core system's payment report: posted as an instalment on the business date (see
     * `coreReport`).
     */
    reportCorePayment: (
      reporter: Reporter,
      loanId: number,
      header: string | undefined,
      body: CoreReportBody,
    ) =>
      coreReport('payment', { reporter, loanId, header, body }, (tx, posting) =>
        postPayment(tx, { ...posting, purpose: 'instalment' }),
      ),

    /** The core system's report of credit it paid back, on the business date (`coreReport`). */
    reportCoreRefund: (
      reporter: Reporter,
      loanId: number,
      header: string | undefined,
      body: CoreReportBody,
    ) => coreReport('refund', { reporter, loanId, header, body }, postRefund),
  };
}
