import { z } from 'zod';

/**
 * A consent wording's version, as the consent screens' GETs give it (`sda_info_version`,
 * `privacy_policy_info_version`, `credit_info_version`) and their POSTs may send it back: a
 * version that is no longer the current one answers 409 and records nothing.
 */
export const wordingVersion = z.number().int().positive();

/**
 * A consent wording's SHA-256 (`sda_info_sha256`, `privacy_policy_info_sha256`,
 * `credit_info_sha256`): lower-case hex of the hash of the UTF-8 bytes of the wording's text
 * exactly as its `*_text` field serves it. The consent ledger records the same hash.
 */
export const wordingSha256 = z.string().regex(/^[0-9a-f]{64}$/);
