import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { CodePurpose } from '#app/db/schema.ts';

/** A fresh four-digit code (the spec's length) from the secure random source. */
export function newCode(): string {
  return String(randomInt(10_000)).padStart(4, '0');
}

/**
 * Codes are stored as an HMAC under a server secret: four digits have only 10,000 values, so a
 * plain hash would fall to a lookup table. Phone and purpose are part of the message, so a
 * code only ever matches where it was sent and what for.
 */
export function createCodeHasher(secret: string) {
  const hash = (phone: string, purpose: CodePurpose, code: string) =>
    createHmac('sha256', secret).update(`${phone}:${purpose}:${code}`).digest('base64url');

  return {
    hash,
    /** Compares in constant time, so response times tell nothing about the code. */
    matches(storedHash: string, phone: string, purpose: CodePurpose, code: string): boolean {
      return timingSafeEqual(Buffer.from(storedHash), Buffer.from(hash(phone, purpose, code)));
    },
  };
}

export type CodeHasher = ReturnType<typeof createCodeHasher>;
