import { createHash } from 'node:crypto';
import { httpError } from '#app/errors.ts';

/** The longest `Idempotency-Key` kept. */
const maxKeyLength = 255;

/** A machine request's `Idempotency-Key` header, required: 400 when it is missing or too long. */
export function requireIdempotencyKey(key: string | undefined): string {
  if (!key || key.length > maxKeyLength) throw httpError(400, 'idempotency.keyRequired');
  return key;
}

/** The header as the route reads it: one string, or undefined. */
export const idempotencyKeyHeader = (headers: Record<string, unknown>) => {
  const key = headers['idempotency-key'];
  return typeof key === 'string' ? key : undefined;
};

/** What one request asks, whatever its key: the SHA-256 of its parts. */
export function requestFingerprint(...parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** The same key must come with the same request: 422 when an earlier one asked otherwise. */
export function requireSameRequest(earlier: string | null, fingerprint: string): void {
  if (earlier !== fingerprint) throw httpError(422, 'idempotency.keyReused');
}
