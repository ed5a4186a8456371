import { httpError } from '#app/errors.ts';
import type { CardPaymentGateway } from '#app/integrations/card-gateway/card-gateway.ts';
import type { ServiceContext } from '#app/service-context.ts';
import type { PostPayment } from './post-payment.ts';
import { createCardPaymentRepository } from './repository.ts';

export interface CallbackDependencies extends ServiceContext {
  gateway: CardPaymentGateway;
  postPayment: PostPayment;
  /** The business date, read in the transaction `tx`. */
  today: (tx: ServiceContext['db']) => Promise<string>;
}

/**
 * The gateway's callbacks. Only a callback the gateway signed is heard (anything else is 400
 * and changes nothing), and it is only a nudge: the order's status is fetched again from the
 * gateway, and an approved order whose amount and reference are ours is posted to the loan,
 * under the order's row lock, by the first callback that finds it `pending`. A callback that
 * comes twice, at once or late, finds it `paid` or `declined` and posts nothing.
 */
export function createCardPaymentCallbacks(dependencies: CallbackDependencies) {
  const { db, clock, log, gateway, postPayment, today } = dependencies;

  return {
    async receive(
      rawBody: string,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<void> {
      const callback = await gateway.verifyCallback(rawBody, headers);
      if (!callback) {
        log.warn(
          { event: 'card_callback_refused' },
          'a card-payment callback was not signed by the gateway',
        );
        throw httpError(400, 'cardPayment.badSignature');
      }
      const order = await createCardPaymentRepository(db).byGatewayOrder(callback.orderId);
      if (!order) throw httpError(404, 'errors.notFound');
      if (order.state !== 'pending') return;
      const details = await gateway.fetchOrder(callback.orderId);
      await db.transaction(async (tx) => {
        const orders = createCardPaymentRepository(tx);
        const locked = await orders.lock(order.id);
        if (locked.state !== 'pending' || details.status === 'pending') return;
        const context = { loanId: locked.loanId, orderId: locked.id };
        if (details.status === 'declined') {
          await orders.update(locked.id, { state: 'declined' }, clock.now());
          log.info({ event: 'card_payment_declined', ...context }, 'the card payment was declined');
          return;
        }
        if (
          details.amountTetri !== locked.amountTetri ||
          details.currency !== 'GEL' ||
          details.reference !== locked.reference
        ) {
          log.error(
            { event: 'card_payment_mismatch', ...context, gatewayAmountTetri: details.amountTetri },
            'the gateway approved an order that is not the one made: nothing is posted',
          );
          return;
        }
        const posted = await postPayment(tx, {
          loanId: locked.loanId,
          amountTetri: locked.amountTetri,
          paidOn: await today(tx),
          channel: 'card',
          reference: callback.orderId,
          purpose: locked.purpose,
          ...(locked.keep !== null && { keep: locked.keep }),
        });
        await orders.update(
          locked.id,
          { state: 'paid', transactionId: posted.transactionId },
          clock.now(),
        );
        log.info(
          { event: 'card_payment_posted', ...context, transactionId: posted.transactionId },
          'the card payment was posted to the loan',
        );
      });
    },
  };
}
