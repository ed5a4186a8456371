import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { CodePurpose } from '#app/db/schema.ts';

/**
 * A fresh code of `digits` digits from the secure random source: four (the spec's) to confirm a
 * phone, six to sign or withdraw (domain-notes.md).
 */
export function newCode(digits: 4 | 6 = 4): string {
  return String(randomInt(10 ** digits)).padStart(digits, '0');
}

/**
 * Codes are stored as an HMAC under a server secret: four digits have only 10,000 values, so a
 * plain hash would fall to a lookup table. Phone, purpose and (for a bound code) subject are
 * part of the message, so a code only ever matches where it was sent, what for and, for a
 * signature, the very document.
 */
export function createCodeHasher(secret: string) {
  const hash = (phone: string, purpose: CodePurpose, code: string, subject: string | null) =>
    createHmac('sha256', secret)
      .update(
        subject === null ? `${phone}:${purpose}:${code}` : `${phone}:${purpose}:${subject}:${code}`,
      )
      .digest('base64url');

  return {
    hash,
    /** Compares in constant time, so response times tell nothing about the code. */
    matches(
      storedHash: string,
      phone: string,
      purpose: CodePurpose,
      code: string,
      subject: string | null,
    ): boolean {
      return timingSafeEqual(
        Buffer.from(storedHash),
        Buffer.from(hash(phone, purpose, code, subject)),
      );
    },
  };
}

export type CodeHasher = ReturnType<typeof createCodeHasher>;
