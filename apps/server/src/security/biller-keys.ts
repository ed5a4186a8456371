import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The biller a key belongs to (`BILLER_KEYS`), or undefined: the key's SHA-256 is compared
 * with every biller's in constant time, all of them each time, so neither the time taken nor
 * the order of the billers tells how much of a key was right.
 */
export function billerKeyCheck(keys: ReadonlyMap<string, string>) {
  const digests = [...keys].map(([name, key]) => ({ name, digest: digest(key) }));
  return (key: string): string | undefined => {
    const presented = digest(key);
    let biller: string | undefined;
    for (const known of digests) {
      if (timingSafeEqual(known.digest, presented)) biller = known.name;
    }
    return biller;
  };
}
