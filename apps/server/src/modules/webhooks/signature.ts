import { createHmac } from 'node:crypto';

/**
 * The `webhook-signature` of a delivery, as the Standard Webhooks specification defines it:
 * `v1,` and the base64 HMAC-SHA256, keyed with the secret's bytes, of `<id>.<timestamp>.<body>`
 * (the id and the time are signed with the body, so a captured delivery cannot be replayed
 * later, or under another id, unnoticed). Receivers check it with that project's libraries.
 */
export function webhookSignature(
  secret: string,
  { id, timestamp, body }: { id: string; timestamp: number; body: string },
): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
