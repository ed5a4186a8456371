import type { Database } from '#app/db/database.ts';

/**
 * What the lender's system hears about: a submission, each decision, a cancellation, and from
 * the approval on the contract's life (decision 022).
 */
export const lenderEvents = [
  'application.submitted',
  'application.awaiting_second_officer',
  'application.approved',
  'application.rejected',
  'application.cancelled',
  'offer.expired',
  'contract.signed',
  'loan.disbursed',
  'contract.withdrawn',
  'loan.repaid',
  'loan.overdue',
  'payment.received',
  'refund.paid',
] as const;

export type LenderEvent = (typeof lenderEvents)[number];

/** The kind of job that delivers one event to `WEBHOOK_URL`. */
export const deliverWebhookJob = 'webhook.deliver';

/**
 * One event as it is queued: its id (the `webhook-id` of every try) and the body sent, in
 * the Standard Webhooks shape. `sequence` counts the application's events from 1, so a
 * receiver can tell one missing or out of order; never personal data.
 */
export interface WebhookEvent {
  id: string;
  type: LenderEvent;
  timestamp: string;
  data: { application_id: number; sequence: number; transaction_id?: number };
}

/** The key that keeps one application's deliveries in order. */
export const applicationOrderingKey = (applicationId: number) => `application:${applicationId}`;

/**
 * Queues an event for delivery, in the transaction of the change (which holds the
 * application's row, so its events are numbered one at a time); none when no URL is set.
 * `payment.received` and `refund.paid` name the ledger's transaction as well.
 */
export type EnqueueWebhook = (
  tx: Database,
  event: LenderEvent,
  applicationId: number,
  ids?: { transaction_id: number },
) => Promise<void>;

/** Queues one event for each of several applications (each named once), in one statement. */
export type EnqueueWebhooks = (
  tx: Database,
  event: LenderEvent,
  applicationIds: readonly number[],
) => Promise<void>;
