import { toGel } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import type { PaymentChannel } from '#app/db/schema.ts';
import { fieldError, httpError } from '#app/errors.ts';
import type { ServiceContext } from '#app/service-context.ts';
import type { CustomerNotices } from './customer-notices.ts';
import type { PostedPayment } from './payments.ts';
import { createServicingRepository } from './repository.ts';

/** Credit the lender paid back to the customer, as `postRefund` takes it; amounts in tetri. */
export interface Refund {
  loanId: number;
  amountTetri: number;
  /** The business date it is posted on, `YYYY-MM-DD`. */
  paidOn: string;
  channel: PaymentChannel;
  /** The channel's own reference: a refund posts once per channel and reference. */
  reference: string;
}

export type PostRefund = (tx: Database, refund: Refund) => Promise<PostedPayment>;

/**
 * Posting refunds of a loan's credit (issue 29), in the caller's transaction under the loan's
 * row lock, once per channel and reference: a `refund` transaction that lowers the account's
 * credit, a text and `refund.paid`. Any loan with a credit takes one, whatever its status; more
 * than the credit is 422 under `amount`.
 */
export function createRefunds({
  log,
  notices,
}: Pick<ServiceContext, 'log'> & { notices: CustomerNotices }) {
  const postRefund: PostRefund = async (tx, refund) => {
    const { loanId, amountTetri, channel, reference } = refund;
    if (!Number.isSafeInteger(amountTetri) || amountTetri <= 0) {
      throw fieldError('amount', 'validation.amountTooSmall', { minimum: 0.01 });
    }
    const servicing = createServicingRepository(tx);
    if (!(await servicing.lockLoan(loanId))) throw httpError(404, 'errors.notFound');
    const earlier = await servicing.byReference('refund', channel, reference);
    if (earlier) {
      if (earlier.loanId !== loanId) throw httpError(409, 'servicing.referenceOfAnotherLoan');
      return { transactionId: earlier.id, duplicate: true };
    }
    const credit = (await servicing.account(loanId, true))?.creditTetri ?? 0;
    if (amountTetri > credit) {
      throw fieldError('amount', 'servicing.refundAboveCredit', { credit: toGel(credit) });
    }
    const transactionId = await servicing.insertRefund({
      loanId,
      amountTetri,
      channel,
      reference,
      businessDate: refund.paidOn,
    });
    log.info({ event: 'loan_refund', loanId, transactionId, channel }, 'a refund was posted');
    await notices.refundPaid(tx, { loanId, transactionId, amountTetri });
    return { transactionId, duplicate: false };
  };
  return { postRefund };
}
