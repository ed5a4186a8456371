import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fieldError } from '#app/errors.ts';

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

/** A 422 under `password` for a password from the list; the schema checks the length. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw fieldError('password', 'validation.passwordCommon');
}
