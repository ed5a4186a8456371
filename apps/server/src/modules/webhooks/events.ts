import type { Database } from '#app/db/database.ts';

/** What the lender's system hears about: a submission, and each decision. */
export type LenderEvent =
  | 'application.submitted'
  | 'application.awaiting_second_officer'
  | 'application.approved'
  | 'application.rejected';

/** The kind of job that delivers one event to `WEBHOOK_URL`. */
export const deliverWebhookJob = 'webhook.deliver';

/** A delivery's body: the event and the application's id, never personal data. */
export interface WebhookPayload {
  event: LenderEvent;
  application_id: number;
  occurred_at: string;
}

/** Queues the events of a change for delivery, in its transaction; none when no URL is set. */
export type AnnounceEvent = (
  tx: Database,
  event: LenderEvent,
  applicationId: number,
) => Promise<void>;
