import { randomBytes } from 'node:crypto';
import { cardPaymentCallback, toTetri, type cardPaymentCreate } from '@sesxi/contract';
import type { z } from 'zod';
import { fieldError, httpError } from '#app/errors.ts';
import type { CardPaymentGateway } from '#app/integrations/card-gateway/card-gateway.ts';
import type { ServiceContext } from '#app/service-context.ts';
import { createCardPaymentRepository } from './repository.ts';

export type CardPaymentBody = z.output<(typeof cardPaymentCreate)['body']>;

/**
 * The customer starts paying their loan by card: the order is recorded (`created`), made at the
 * gateway, and `pending` while the browser is at the gateway's page, which sends it back to the
 * loan's page. Another customer's loan is 404; one that is not active, 409.
 */
export function createCardPaymentOrdering({
  db,
  clock,
  log,
  gateway,
  appUrl,
}: ServiceContext & { gateway: CardPaymentGateway; appUrl: string }) {
  return {
    async begin(
      userId: number,
      loanId: number,
      { amount, purpose, keep }: CardPaymentBody,
    ): Promise<{ redirectUrl: string }> {
      if (purpose === 'instalment' && keep !== undefined) {
        throw fieldError('keep', 'cardPayment.keepOnlyForPrepayment');
      }
      const orders = createCardPaymentRepository(db);
      const loan = await orders.ownLoan(userId, loanId);
      if (!loan) throw httpError(404, 'errors.notFound');
      if (!loan.payable) throw httpError(409, 'cardPayment.loanNotActive');
      const order = await orders.insert({
        loanId,
        userId,
        amountTetri: toTetri(amount),
        purpose,
        keep: purpose === 'prepayment' ? (keep ?? 'payment') : null,
        state: 'created',
        reference: `SX-${loanId}-${randomBytes(6).toString('hex').toUpperCase()}`,
      });
      const made = await gateway.createOrder({
        amountTetri: order.amountTetri,
        currency: 'GEL',
        reference: order.reference,
        callbackUrl: `${appUrl}${cardPaymentCallback.path}`,
        redirectUrl: `${appUrl}/loans/${loanId}`,
      });
      await orders.update(
        order.id,
        { state: 'pending', gatewayOrderId: made.orderId },
        clock.now(),
      );
      log.info(
        {
          event: 'card_payment_ordered',
          loanId,
          orderId: order.id,
          amountTetri: order.amountTetri,
        },
        'a card payment went to the gateway',
      );
      return { redirectUrl: made.redirectUrl };
    },
  };
}
