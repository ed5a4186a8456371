export {
  type EnqueueWebhook,
  type EnqueueWebhooks,
  deliverWebhookJob,
  type WebhookEvent,
} from './events.ts';
export { default as webhooksPlugin } from './jobs.ts';
