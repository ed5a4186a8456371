import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { WebhookSettings } from '#app/config.ts';
import { deliverWebhookJob, type AnnounceEvent } from './events.ts';
import { webhookSignature } from './signature.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells the lender's system of an event (a no-op without `WEBHOOK_URL`). */
    announce: AnnounceEvent;
  }
}

const payload = z.object({
  event: z.string(),
  application_id: z.number().int(),
  occurred_at: z.string(),
});

/**
 * Webhooks to the lender's own systems: each event is a job, queued in the transaction of the
 * change, POSTed as JSON with `X-Sesxi-Timestamp` and `X-Sesxi-Signature`, and retried with
 * backoff until a 2xx acknowledges it; the job's row records the attempts and the last error.
 */
const webhooks: FastifyPluginCallback<{ settings: WebhookSettings | undefined }> = (
  app,
  { settings },
  done,
) => {
  app.decorate<AnnounceEvent>('announce', async (tx, event, applicationId) => {
    if (!settings) return;
    await app.jobs.enqueue(tx, deliverWebhookJob, {
      event,
      application_id: applicationId,
      occurred_at: app.clock.now().toISOString(),
    });
  });

  app.jobs.handle(deliverWebhookJob, async (job) => {
    if (!settings) return;
    const body = JSON.stringify(payload.parse(job));
    const timestamp = Math.floor(app.clock.now().getTime() / 1000);
    const response = await fetch(settings.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-sesxi-timestamp': String(timestamp),
        'x-sesxi-signature': webhookSignature(settings.secret, timestamp, body),
      },
      body,
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok) throw new Error(`the lender's system answered HTTP ${response.status}`);
  });
  done();
};

export default fp(webhooks, { name: 'webhooks', dependencies: ['jobs'] });
