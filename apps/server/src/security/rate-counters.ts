import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { rateCounters } from '#app/db/schema.ts';

/** A cap: at most `limit` hits per fixed window of `windowMs`. */
export interface Cap {
  limit: number;
  windowMs: number;
}

export interface CountedHit {
  allowed: boolean;
  /** Seconds until the window ends, for `Retry-After`. */
  retryAfterSeconds: number;
}

/** The start of the fixed window (aligned to the epoch) that `now` falls in. */
export function windowStartOf(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

function secondsLeft(now: Date, { windowMs }: Cap): number {
  return (windowStartOf(now, windowMs).getTime() + windowMs - now.getTime()) / 1000;
}

/**
 * Counters in the database, so every instance sees the same counts. A hit is one atomic
 * upsert that counts only while the window is under its limit, so parallel requests cannot
 * push a count past it.
 */
export function createRateCounters(db: Database) {
  return {
    async hit(key: string, cap: Cap, now: Date): Promise<CountedHit> {
      const windowStart = windowStartOf(now, cap.windowMs);
      const counted = await db
        .insert(rateCounters)
        .values({ key, windowStart, hits: 1 })
        .onConflictDoUpdate({
          target: [rateCounters.key, rateCounters.windowStart],
          set: { hits: sql`${rateCounters.hits} + 1` },
          setWhere: sql`${rateCounters.hits} < ${cap.limit}`,
        })
        .returning({ hits: rateCounters.hits });
      return { allowed: counted.length > 0, retryAfterSeconds: secondsLeft(now, cap) };
    },

    /** Whether one more hit would be counted, without counting it. */
    async peek(key: string, cap: Cap, now: Date): Promise<CountedHit> {
      const [row] = await db
        .select({ hits: rateCounters.hits })
        .from(rateCounters)
        .where(
          and(
            eq(rateCounters.key, key),
            eq(rateCounters.windowStart, windowStartOf(now, cap.windowMs)),
          ),
        );
      return {
        allowed: (row?.hits ?? 0) < cap.limit,
        retryAfterSeconds: secondsLeft(now, cap),
      };
    },

    async reset(key: string, cap: Cap, now: Date): Promise<void> {
      await db
        .delete(rateCounters)
        .where(
          and(
            eq(rateCounters.key, key),
            eq(rateCounters.windowStart, windowStartOf(now, cap.windowMs)),
          ),
        );
    },
  };
}

export type RateCounters = ReturnType<typeof createRateCounters>;
