import { createHash } from 'node:crypto';

/**
 * The one rule for a consent wording's hash (`consent_texts.sha256`, copied into each consent's
 * `text_sha256`), for seeded and published wordings alike: the lower-case hex SHA-256 of the
 * UTF-8 bytes of its `body`, the text exactly as the consent endpoints serve it in `*_text`.
 * The database holds every row to it with a check constraint,
 * `sha256 = encode(sha256(convert_to(body, 'UTF8')), 'hex')`.
 */
export function consentTextSha256(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('hex');
}
