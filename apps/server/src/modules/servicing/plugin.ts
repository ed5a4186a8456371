import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { loanAccrual } from './close-of-day.ts';
import { createCustomerNotices } from './customer-notices.ts';
import { penaltyPpmOf } from './late-costs.ts';
import { createPayments, type PostPayment } from './payments.ts';
import { createRefunds, type PostRefund } from './refunds.ts';

declare module 'fastify' {
  interface FastifyInstance {
    servicing: {
      /**
       * Posts a payment from any channel in the caller's transaction `tx`, under the loan's row
       * lock, once per channel and reference (decision 023).
       */
      postPayment: PostPayment;
      /** Posts a refund of a loan's credit in `tx`, the same way (decision 023). */
      postRefund: PostRefund;
    };
  }
}

/** Loans being repaid: payments from every channel, refunds of credit, and close of day's accrual and penalties. */
const servicing: FastifyPluginCallback = (app, _options, done) => {
  const notices = createCustomerNotices({
    clock: app.clock,
    sms: app.sms,
    enqueueWebhook: app.webhooks.enqueue,
    storage: app.fileStorage,
    productName: app.config.productName,
  });
  const { postPayment } = createPayments({ clock: app.clock, log: app.log, notices });
  const { postRefund } = createRefunds({ log: app.log, notices });
  app.decorate('servicing', { postPayment, postRefund });
  app.businessCalendar.onCloseOfDay(
    loanAccrual({ penaltyPpmDaily: penaltyPpmOf(app.config.penaltyRateDaily) }),
  );
  done();
};

export default fp(servicing, {
  name: 'servicing',
  dependencies: ['integrations', 'sms', 'webhooks', 'business-date'],
});
