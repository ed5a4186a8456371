import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { jobs } from '#app/db/schema.ts';

export type Job = typeof jobs.$inferSelect;

export function createJobRepository(db: Database) {
  return {
    /** A job to run from `runAt`; call in the transaction of the change that causes it. */
    async enqueue(kind: string, payload: unknown, runAt: Date): Promise<number> {
      const [row] = await db
        .insert(jobs)
        .values({ kind, payload, runAt, createdAt: runAt })
        .returning({ id: jobs.id });
      if (!row) throw new Error('enqueueing a job returned no row');
      return row.id;
    },

    /**
     * Takes up to `limit` due jobs for `leaseMs`: rows another worker holds are skipped, not
     * waited for, so instances never run one job twice at a time; a lease that ran out (its
     * worker died) makes the job due again.
     */
    async claimDue(now: Date, leaseMs: number, limit: number): Promise<Job[]> {
      const due = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            isNull(jobs.doneAt),
            lte(jobs.runAt, now),
            or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
          ),
        )
        .orderBy(jobs.runAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(jobs)
        .set({
          lockedUntil: new Date(now.getTime() + leaseMs),
          attempts: sql`${jobs.attempts} + 1`,
        })
        .where(inArray(jobs.id, due))
        .returning();
    },

    /** Marks a job done; `forgetPayload` empties what it carried (a text once it is sent). */
    async complete(id: number, now: Date, { forgetPayload = false } = {}): Promise<void> {
      await db
        .update(jobs)
        .set({ doneAt: now, lockedUntil: null, ...(forgetPayload && { payload: {} }) })
        .where(eq(jobs.id, id));
    },

    /** Takes one job, when it is waiting and nobody holds it, for `leaseMs`. */
    async claim(id: number, now: Date, leaseMs: number): Promise<Job | undefined> {
      const [row] = await db
        .update(jobs)
        .set({
          lockedUntil: new Date(now.getTime() + leaseMs),
          attempts: sql`${jobs.attempts} + 1`,
        })
        .where(
          inArray(
            jobs.id,
            db
              .select({ id: jobs.id })
              .from(jobs)
              .where(
                and(
                  eq(jobs.id, id),
                  isNull(jobs.doneAt),
                  or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
                ),
              )
              .for('update', { skipLocked: true }),
          ),
        )
        .returning();
      return row;
    },

    async retryAt(id: number, runAt: Date, error: string): Promise<void> {
      await db
        .update(jobs)
        .set({ runAt, lockedUntil: null, lastError: error.slice(0, 1000) })
        .where(eq(jobs.id, id));
    },
  };
}
