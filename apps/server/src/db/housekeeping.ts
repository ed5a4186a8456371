import { lt } from 'drizzle-orm';
import type { Database } from './database.ts';
import { rateCounters, ssoTransactions } from './schema.ts';

const dayMs = 24 * 3_600_000;

/**
 * Deletes what can no longer matter: counter windows over two days old (the longest window is
 * a day) and sign-in transactions a day past their expiry. Sessions, codes and consents stay.
 */
export async function pruneExpired(db: Database, now: Date): Promise<void> {
  await db
    .delete(rateCounters)
    .where(lt(rateCounters.windowStart, new Date(now.getTime() - 2 * dayMs)));
  await db
    .delete(ssoTransactions)
    .where(lt(ssoTransactions.expiresAt, new Date(now.getTime() - dayMs)));
}
