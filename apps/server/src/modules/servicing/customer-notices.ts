import { toGel, translate, type MessageKey } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import type { FileStorage } from '#app/integrations/storage/file-storage.ts';
import type { SmsQueue } from '#app/modules/sms/index.ts';
import type { EnqueueWebhook } from '#app/modules/webhooks/index.ts';
import type { ServiceContext } from '#app/service-context.ts';
import { recordClosureLetter, recordReceipt, type ReceiptFacts } from './ledger-documents.ts';
import { createServicingRepository } from './repository.ts';
import { recordRevisedSchedule, type RevisedSchedule } from './schedule-document.ts';

export interface NoticeDependencies extends Pick<ServiceContext, 'clock'> {
  sms: SmsQueue;
  enqueueWebhook: EnqueueWebhook;
  storage: FileStorage;
  productName: string;
}

/**
 * What the customer and the lender's system hear of a loan's payments, in the payment's
 * transaction: a text through the outbox, a webhook, and a document among the customer's.
 */
export function createCustomerNotices({
  clock,
  sms,
  enqueueWebhook,
  storage,
  productName,
}: NoticeDependencies) {
  /** Texting the loan's customer, and what the loan's documents name. */
  async function toCustomer(tx: Database, loanId: number) {
    const customer = await createServicingRepository(tx).customerOf(loanId);
    const text = (key: MessageKey, params: Record<string, unknown> = {}) =>
      sms.queue(tx, {
        phone: customer.phone,
        text: translate(key, 'ka', {
          ...params,
          product: productName,
          number: customer.contractNumber,
        }),
      });
    const context = { lender: productName, customer, loanId, createdAt: clock.now() };
    return { text, context };
  }

  return {
    /**
     * A posted payment: a receipt by text and among the documents, and `payment.received`. A
     * payment on a loan already closed is all credit, and its text says how it is refunded.
     */
    async paymentReceived(tx: Database, payment: ReceiptFacts & { loanClosed: boolean }) {
      const { loanId, transactionId } = payment;
      const { text, context } = await toCustomer(tx, loanId);
      await text(payment.loanClosed ? 'sms.paymentCredited' : 'sms.paymentReceived', {
        amount: toGel(payment.amountTetri),
      });
      await enqueueWebhook(tx, 'payment.received', loanId, { transaction_id: transactionId });
      await recordReceipt(tx, storage, context, payment);
    },

    /** Credit paid back: a text and `refund.paid` naming the transaction. */
    async refundPaid(
      tx: Database,
      refund: { loanId: number; transactionId: number; amountTetri: number },
    ) {
      const { text } = await toCustomer(tx, refund.loanId);
      await text('sms.refundPaid', { amount: toGel(refund.amountTetri) });
      await enqueueWebhook(tx, 'refund.paid', refund.loanId, {
        transaction_id: refund.transactionId,
      });
    },

    /** A loan left owing nothing: a text, `loan.repaid` and the closure letter. */
    async loanRepaid(tx: Database, loanId: number, repaidOn: string) {
      const { text, context } = await toCustomer(tx, loanId);
      await text('sms.loanRepaid');
      await enqueueWebhook(tx, 'loan.repaid', loanId);
      const paid = await createServicingRepository(tx).paidSoFar(loanId);
      await recordClosureLetter(tx, storage, context, { repaidOn, paid });
    },

    /** A prepayment that changed the schedule: the new one among the documents. */
    async scheduleRevised(tx: Database, loanId: number, schedule: RevisedSchedule) {
      const { context } = await toCustomer(tx, loanId);
      await recordRevisedSchedule(tx, storage, context, schedule);
    },

    /** A withdrawal paid back: a text. */
    async withdrawalRepaid(tx: Database, loanId: number) {
      const { text } = await toCustomer(tx, loanId);
      await text('sms.withdrawalRepaid');
    },
  };
}

export type CustomerNotices = ReturnType<typeof createCustomerNotices>;
