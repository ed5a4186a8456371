import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * OWASP's minimum for argon2id (security.md): 19 MiB, 2 passes, 1 lane; ~11 ms here. argon2id
 * is the library's default algorithm (its const enum cannot be named under type stripping).
 */
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (an unknown phone) it checks against
 * a throwaway one, so both answers take the same time and an unknown phone cannot be told apart.
 */
export async function verifyPassword(
  storedHash: string | undefined,
  password: string,
): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  const matches = await verify(storedHash ?? (await dummyHash), password);
  return storedHash !== undefined && matches;
}
