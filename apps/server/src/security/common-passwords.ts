import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Lower-cased, so `Password1` is refused as `password1` is. */
const commonPasswords = new Set(
  readFileSync(resolve(import.meta.dirname, 'common-passwords.txt'), 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#')),
);

/** True for a password in the list of the most common ones (NIST SP 800-63B's blocklist). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
