import { formatIsoDate, toGel, translate, type MessageKey } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { moveApplicationAsStaff, moveApplicationBySystem } from '#app/modules/loans/index.ts';
import { openLoanAccount } from '#app/modules/servicing/index.ts';
import type { SmsQueue } from '#app/modules/sms/index.ts';
import type { EnqueueWebhook } from '#app/modules/webhooks/index.ts';
import type { ServiceContext } from '#app/service-context.ts';
import { createPayoutRepository, type ApprovedLoan, type Payout } from './repository.ts';
import { scheduleDocumentJob } from './schedule-document.ts';
import { loanTermsOf } from './terms.ts';

/** What a payout's answer is recorded with: the text, the webhook, the schedule's document job. */
export interface PayoutDependencies extends ServiceContext {
  sms: SmsQueue;
  enqueueWebhook: EnqueueWebhook;
  enqueue: (db: Database, kind: string, payload: unknown) => Promise<number>;
  productName: string;
}

/** A payout that reached the customer's account, as the bank answered or the core reported. */
export interface Disbursement {
  bankReference: string;
  paidAt: Date;
  /** The day the schedule runs from, `YYYY-MM-DD`. */
  payoutDate: string;
  /** The service account that reported it; null when the bank answered this server. */
  actorUserId: number | null;
  /** The core system's report: its `Idempotency-Key` and its request's SHA-256. */
  report?: { key: string; sha256: string };
}

/** Queues the customer's text about their payout, in Georgian, in `tx`. */
export function textCustomer(
  tx: Database,
  { sms, productName }: Pick<PayoutDependencies, 'sms' | 'productName'>,
  loan: Pick<ApprovedLoan, 'phone' | 'contractNumber'>,
  key: MessageKey,
  params: Record<string, unknown> = {},
) {
  return sms.queue(tx, {
    phone: loan.phone,
    text: translate(key, 'ka', { product: productName, number: loan.contractNumber, ...params }),
  });
}

/**
 * Records a paid payout, in `tx` under the application's row lock: the payout paid with its
 * reference, the application an active loan whose schedule is fixed from the payout date (its
 * document made by a job) and whose account opens, the customer's text and the lender's
 * `loan.disbursed`. Answers the payout as now stored.
 */
export async function recordDisbursement(
  tx: Database,
  dependencies: PayoutDependencies,
  payout: Payout,
  { bankReference, paidAt, payoutDate, actorUserId, report }: Disbursement,
): Promise<Payout> {
  const { clock, log, enqueueWebhook, enqueue } = dependencies;
  const now = clock.now();
  const { loanId } = payout;
  const terms = await loanTermsOf(tx, loanId);
  if (!terms) throw new Error(`the paid loan ${loanId} has no approved contract`);
  const payouts = createPayoutRepository(tx);
  const paid = await payouts.markPaid(
    payout.id,
    { bankReference, paidAt, payoutDate, reportKey: report?.key, reportSha256: report?.sha256 },
    now,
  );
  if (actorUserId !== null) {
    await moveApplicationAsStaff(tx, { id: loanId, officerId: actorUserId, name: 'disburse', now });
  } else if (!(await moveApplicationBySystem(tx, { id: loanId, name: 'disburse', now }))) {
    throw new Error(`the paid loan ${loanId} is not signed`);
  }
  const schedule = terms.scheduleFrom(payoutDate);
  await payouts.insertInstalments(loanId, schedule.rows);
  await openLoanAccount(tx, { loanId, paidOutOn: payoutDate, payoutTetri: payout.amountTetri });
  const [first] = schedule.rows;
  await textCustomer(tx, dependencies, terms.loan, 'sms.payoutPaid', {
    amount: toGel(payout.amountTetri),
    date: first && formatIsoDate(first.date),
    payment: first && toGel(first.payment),
  });
  await enqueueWebhook(tx, 'loan.disbursed', loanId);
  await enqueue(tx, scheduleDocumentJob, { loanId });
  log.info(
    { event: 'payout_paid', loanId, payoutId: payout.id, reported: report !== undefined },
    'the loan is paid out',
  );
  return paid;
}
