import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { loanAccrual } from './close-of-day.ts';
import { penaltyPpmOf } from './late-costs.ts';
import { createPayments, type PostPayment } from './payments.ts';
import {
  createRevisedScheduleDocuments,
  revisedScheduleDocumentJob,
  revisedSchedulePayload,
} from './schedule-document.ts';

declare module 'fastify' {
  interface FastifyInstance {
    servicing: {
      /**
       * Posts a payment from any channel in the caller's transaction `tx`, under the loan's row
       * lock, once per channel and reference (decision 023).
       */
      postPayment: PostPayment;
    };
  }
}

/** Loans being repaid: payments from every channel, and close of day's accrual and penalties. */
const servicing: FastifyPluginCallback = (app, _options, done) => {
  const { postPayment } = createPayments({
    clock: app.clock,
    log: app.log,
    sms: app.sms,
    enqueueWebhook: app.webhooks.enqueue,
    enqueue: app.jobs.enqueue,
    productName: app.config.productName,
  });
  app.decorate('servicing', { postPayment });
  const documents = createRevisedScheduleDocuments({
    db: app.database.db,
    clock: app.clock,
    storage: app.fileStorage,
    productName: app.config.productName,
  });
  app.jobs.handle(
    revisedScheduleDocumentJob,
    (job) => documents.make(revisedSchedulePayload.parse(job)),
    { timeoutMs: 60_000, maxAttempts: 12 },
  );
  app.businessCalendar.onCloseOfDay(
    loanAccrual({ penaltyPpmDaily: penaltyPpmOf(app.config.penaltyRateDaily) }),
  );
  done();
};

export default fp(servicing, {
  name: 'servicing',
  dependencies: ['sms', 'webhooks', 'business-date', 'jobs'],
});
