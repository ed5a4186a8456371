import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { JWK } from 'oidc-provider';
import type { Database } from '#app/db/database.ts';
import { sandboxSecrets } from '#app/db/schema.ts';

/** What the sandbox's app and provider share, the same on every instance. */
export interface SandboxSecrets {
  clientSecret: string;
  cookieKey: string;
  signingKey: JWK;
}

/** An RS256 key: what clients expect unless told otherwise. */
async function signingKey(): Promise<JWK> {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  return {
    ...privateKey.export({ format: 'jwk' }),
    kid: 'sandbox',
    use: 'sig',
    alg: 'RS256',
  };
}

/**
 * The sandbox's secrets: made by the first instance to start and read by every other, so a
 * token one signs the other verifies and a cookie one sets the other reads.
 */
export async function sharedSandboxSecrets(db: Database): Promise<SandboxSecrets> {
  await db
    .insert(sandboxSecrets)
    .values({
      id: 1,
      clientSecret: randomBytes(32).toString('base64url'),
      cookieKey: randomBytes(32).toString('base64url'),
      signingKey: await signingKey(),
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(sandboxSecrets).where(eq(sandboxSecrets.id, 1));
  if (!row) throw new Error('the sandbox secrets were not stored');
  return {
    clientSecret: row.clientSecret,
    cookieKey: row.cookieKey,
    signingKey: row.signingKey as JWK,
  };
}
