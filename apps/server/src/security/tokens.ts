import { createHash, randomBytes } from 'node:crypto';

/** A bearer secret: 256 random bits, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a bearer secret: its SHA-256, so a leaked table grants nothing. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** The shape of a token `newToken` makes; anything else is refused before a lookup. */
export const tokenFormat = /^[\w-]{43}$/;
