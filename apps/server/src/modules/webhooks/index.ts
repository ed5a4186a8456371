export { type EnqueueWebhook, deliverWebhookJob, type WebhookEvent } from './events.ts';
export { default as webhooksPlugin } from './jobs.ts';
