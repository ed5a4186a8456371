import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature the lender's system checks: HMAC-SHA256 with the shared secret over
 * `<timestamp>.<body>`, hex, as `sha256=<hex>` (the timestamp, Unix seconds, is signed with
 * the body, so a captured delivery cannot be replayed later unnoticed).
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Whether `signature` is the one `secret` gives `timestamp` and `body`: how a receiver checks it. */
export function isWebhookSignature(
  secret: string,
  timestamp: number,
  body: string,
  signature: string,
): boolean {
  const expected = Buffer.from(webhookSignature(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
