import { randomUUID } from 'node:crypto';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { WebhookSettings } from '#app/config/services.ts';
import type { Database } from '#app/db/database.ts';
import {
  applicationOrderingKey,
  deliverWebhookJob,
  lenderEvents,
  type EnqueueWebhook,
  type EnqueueWebhooks,
  type LenderEvent,
  type WebhookEvent,
} from './events.ts';
import { createWebhookRepository } from './repository.ts';
import { webhookSignature } from './signature.ts';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: {
      /** Queues a webhook telling the lender's system of an event (a no-op without `WEBHOOK_URL`). */
      enqueue: EnqueueWebhook;
      /** Queues one event for each of several applications, in one statement (close of day). */
      enqueueMany: EnqueueWebhooks;
    };
  }
}

/** Tries of one delivery before it is dead: with the backoff's hourly cap, about a day. */
export const webhookMaxAttempts = 30;

const queuedEvent = z.object({
  id: z.string(),
  type: z.enum(lenderEvents),
  timestamp: z.string(),
  data: z.object({
    application_id: z.number().int(),
    sequence: z.number().int(),
    transaction_id: z.number().int().optional(),
  }),
});

/** Delivers one event; a throw (no 2xx) means it is tried again. */
async function deliver(
  settings: WebhookSettings,
  event: WebhookEvent,
  now: Date,
  signal: AbortSignal,
) {
  const { id, ...sent } = event;
  const body = JSON.stringify(sent);
  const timestamp = Math.floor(now.getTime() / 1000);
  const response = await fetch(settings.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': webhookSignature(settings.secret, { id, timestamp, body }),
    },
    body,
    // A redirect would carry the signed body to an address nobody configured.
    redirect: 'manual',
    signal,
  });
  // Read to its end, so that the connection is released for the next delivery.
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`the lender's system answered HTTP ${response.status}`);
}

/**
 * Webhooks to the lender's own systems, signed as the Standard Webhooks specification says:
 * each event is a job, queued in the transaction of the change with its id and its number
 * among the application's events. One application's deliveries go out in order, each tried
 * with backoff until a 2xx acknowledges it, and given up (dead, for an operator to queue
 * again) after `webhookMaxAttempts` tries. Only an instance with `WEBHOOK_URL` delivers.
 */
const webhooks: FastifyPluginCallback<{ settings: WebhookSettings | undefined }> = (
  app,
  { settings },
  done,
) => {
  /** Queues the events in one statement, each numbered next among its application's. */
  async function enqueueEvents(
    tx: Database,
    type: LenderEvent,
    events: readonly { applicationId: number; ids?: { transaction_id: number } }[],
  ) {
    if (!settings || events.length === 0) return;
    const sequences = await createWebhookRepository(tx).nextSequences(
      events.map(({ applicationId }) => applicationOrderingKey(applicationId)),
    );
    const timestamp = app.clock.now().toISOString();
    await app.jobs.enqueueMany(
      tx,
      events.map(({ applicationId, ids }) => {
        const orderingKey = applicationOrderingKey(applicationId);
        const event: WebhookEvent = {
          id: `msg_${randomUUID().replaceAll('-', '')}`,
          type,
          timestamp,
          data: {
            application_id: applicationId,
            sequence: sequences.get(orderingKey) ?? 1,
            ...ids,
          },
        };
        return { kind: deliverWebhookJob, payload: event, orderingKey };
      }),
    );
  }
  const enqueue: EnqueueWebhook = (tx, type, applicationId, ids) =>
    enqueueEvents(tx, type, [{ applicationId, ids }]);
  const enqueueMany: EnqueueWebhooks = (tx, type, applicationIds) =>
    enqueueEvents(
      tx,
      type,
      applicationIds.map((applicationId) => ({ applicationId })),
    );
  app.decorate('webhooks', { enqueue, enqueueMany });

  if (settings) {
    app.jobs.handle(
      deliverWebhookJob,
      (payload, signal) => deliver(settings, queuedEvent.parse(payload), app.clock.now(), signal),
      { timeoutMs: settings.timeoutMs, maxAttempts: webhookMaxAttempts },
    );
  }
  done();
};

export default fp(webhooks, { name: 'webhooks', dependencies: ['jobs'] });
