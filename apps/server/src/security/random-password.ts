import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another when read from a text message. */
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A password made for someone (a restore, a new support account): 12 characters, ~70 bits. */
export function randomPassword(length = 12): string {
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}
