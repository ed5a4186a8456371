import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Database } from '#app/db/database.ts';
import { requestPayout, sendPayoutJob, type PayoutOrder } from './request.ts';
import { createScheduleDocuments, scheduleDocumentJob } from './schedule-document.ts';
import { createPayoutSender } from './sending.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payouts: {
      /**
       * Records the payout of a just-signed document and queues its job, in the signing
       * transaction `tx`; answers the job (none with `PAYOUT_MODE=core`).
       */
      requestPayout: (tx: Database, order: PayoutOrder) => Promise<number | undefined>;
      /** Sends a queued payout now, once its transaction is in; when the bank fails, its job retries. */
      payNow: (job: number) => Promise<void>;
    };
  }
}

const payload = z.object({ payoutId: z.number().int(), loanId: z.number().int() });
const schedulePayload = z.object({ loanId: z.number().int() });

/**
 * Payouts of signed contracts: with `PAYOUT_MODE=bank` each is a job that asks the payout bank
 * under the signed document's key, retried with backoff while the bank cannot answer, by
 * whichever instance claims it. With `core` nothing is sent, and no instance sends. Either way a
 * paid-out loan's schedule becomes one of the customer's documents, by a job of its own.
 */
const payouts: FastifyPluginCallback = (app, _options, done) => {
  const mode = app.config.payoutMode;
  app.decorate('payouts', {
    requestPayout: (tx, order) =>
      requestPayout(tx, { mode, enqueue: app.jobs.enqueue, now: app.clock.now() }, order),
    async payNow(job) {
      try {
        await app.jobs.runNow(job);
      } catch (error) {
        app.log.warn({ err: error, jobId: job }, 'a payout is sent later');
      }
    },
  });

  const documents = createScheduleDocuments({
    db: app.database.db,
    clock: app.clock,
    storage: app.fileStorage,
    productName: app.config.productName,
  });
  app.jobs.handle(scheduleDocumentJob, (job) => documents.make(schedulePayload.parse(job).loanId), {
    timeoutMs: 60_000,
    maxAttempts: 12,
  });

  if (mode === 'bank') {
    const sender = createPayoutSender({
      db: app.database.db,
      clock: app.clock,
      log: app.log,
      sms: app.sms,
      enqueueWebhook: app.webhooks.enqueue,
      enqueue: app.jobs.enqueue,
      productName: app.config.productName,
      bank: app.payoutBank,
      today: () => app.businessCalendar.today(),
    });
    app.jobs.handle(sendPayoutJob, (job) => sender.send(payload.parse(job)), {
      // The bank's client gives up after PAYOUT_BANK_TIMEOUT_MS (15 s by default).
      timeoutMs: 120_000,
      // No last try (decision 022): once asked, the bank may have paid an answer that was lost,
      // so the same key is asked again (5 s, doubling, then hourly) until the bank answers it.
      // From `unresolvedAfterTries` on, each try logs `payout_unresolved` at error level.
      maxAttempts: Number.POSITIVE_INFINITY,
    });
  }
  done();
};

export default fp(payouts, {
  name: 'payouts',
  dependencies: ['jobs', 'sms', 'webhooks', 'integrations', 'business-date'],
});
