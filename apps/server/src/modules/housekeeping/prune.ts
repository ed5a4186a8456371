import { and, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import { absoluteMinutes, idleMinutes } from '#app/modules/sessions/index.ts';
import { rowsOf, type Database } from '#app/db/database.ts';
import {
  jobs,
  phoneCodes,
  rateCounters,
  sandboxOidcEntries,
  sessions,
  ssoTransactions,
} from '#app/db/schema.ts';
import { deliverWebhookJob } from '#app/modules/webhooks/index.ts';

const dayMs = 24 * 3_600_000;
const minuteMs = 60_000;

/** Any fixed number: the lock that lets one instance at a time prune. */
const pruneLockKey = 7_356_022;

/**
 * Deletes what can no longer matter, a day after it stopped mattering: counter windows (the
 * longest is a day), sign-in transactions, one-time codes, ended sessions (revoked, idle or
 * past their 12 hours; a service account's lives until revoked), finished jobs after a week
 * (not webhook deliveries: what the lender's system was told stays with the application), and
 * the sandbox provider's expired state. Consents, decisions and the access log stay.
 * Instances take turns: while one prunes, the others skip. Answers whether this one pruned.
 */
export async function pruneExpired(db: Database, now: Date): Promise<boolean> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${pruneLockKey}) as locked`),
    );
    if (!lock?.locked) return false;
    await tx.delete(rateCounters).where(lt(rateCounters.windowStart, before(2 * dayMs)));
    await tx.delete(ssoTransactions).where(lt(ssoTransactions.expiresAt, before(dayMs)));
    await tx.delete(phoneCodes).where(lt(phoneCodes.expiresAt, before(dayMs)));
    await tx
      .delete(sessions)
      .where(
        or(
          lt(sessions.revokedAt, before(dayMs)),
          and(
            sql`not ${sessions.longLived}`,
            or(
              lt(sessions.lastUsedAt, before(dayMs + idleMinutes * minuteMs)),
              lt(sessions.createdAt, before(dayMs + absoluteMinutes * minuteMs)),
            ),
          ),
        ),
      );
    await tx
      .delete(jobs)
      .where(
        and(
          isNotNull(jobs.doneAt),
          lt(jobs.doneAt, before(7 * dayMs)),
          ne(jobs.kind, deliverWebhookJob),
        ),
      );
    await tx.delete(sandboxOidcEntries).where(lt(sandboxOidcEntries.expiresAt, before(dayMs)));
    return true;
  });
}
