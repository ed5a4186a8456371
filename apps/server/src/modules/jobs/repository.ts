import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { rowsOf, type Database } from '#app/db/database.ts';
import { jobs } from '#app/db/schema.ts';

export type Job = typeof jobs.$inferSelect;

/** A claimed job: its id and the token of the lease its worker holds. */
export type Held = Pick<Job, 'id' | 'leaseToken'>;

/** What a new job is: its kind, what it carries, and the key it keeps order under, if any. */
export interface NewJob {
  kind: string;
  payload: unknown;
  orderingKey?: string;
  /** Not before this moment: now when undefined. */
  runAt?: Date | undefined;
}

const earlier = alias(jobs, 'earlier');

/** The job's holder still holds it: a write that names another token (or none) changes nothing. */
const heldBy = (job: Held) =>
  and(
    eq(jobs.id, job.id),
    job.leaseToken === null ? sql`false` : eq(jobs.leaseToken, job.leaseToken),
  );

export function createJobRepository(db: Database) {
  /** Ends a holder's lease on `job`, setting `fields` with it; false when the lease was lost. */
  async function release(job: Held, fields: PgUpdateSetSource<typeof jobs>): Promise<boolean> {
    const released = await db
      .update(jobs)
      .set({ ...fields, lockedUntil: null, leaseToken: null })
      .where(heldBy(job))
      .returning({ id: jobs.id });
    return released.length > 0;
  }

  /**
   * Jobs queued in one statement whatever their number (close of day's texts), in their
   * order; answers their ids in that order.
   */
  async function enqueueMany(queued: readonly NewJob[], now: Date): Promise<number[]> {
    if (queued.length === 0) return [];
    const rows = queued.map(({ kind, payload, orderingKey, runAt }) => ({
      kind,
      payload,
      ordering_key: orderingKey ?? null,
      run_at: (runAt ?? now).toISOString(),
    }));
    const inserted = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into jobs (kind, payload, ordering_key, run_at, created_at)
        select j.kind, j.payload, j.ordering_key, j.run_at, ${now.toISOString()}::timestamptz
        from rows from (
          jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as (kind text, payload jsonb, ordering_key text, run_at timestamptz)
        ) with ordinality as j (kind, payload, ordering_key, run_at, position)
        order by j.position
        returning id`),
    );
    return inserted.map(({ id }) => id).sort((a, b) => a - b);
  }

  return {
    /** A job to run from its `runAt` or `now`; call in the transaction of the change that causes it. */
    async enqueue(job: NewJob, now: Date): Promise<number> {
      const [id] = await enqueueMany([job], now);
      if (id === undefined) throw new Error('enqueueing a job returned no row');
      return id;
    },

    enqueueMany,

    /**
     * Takes the next due job of one of `leases`' kinds (or job `id` only, when given) for its
     * kind's lease, under a new token: a row another worker holds is skipped, not waited for;
     * a job whose ordering key has an earlier job not yet done or given up waits for it; a
     * lease that ran out (its worker died or hung) makes the job due again.
     */
    async claimNext(
      now: Date,
      leases: ReadonlyMap<string, number>,
      id?: number,
    ): Promise<Job | undefined> {
      const kinds = [...leases.keys()];
      if (kinds.length === 0) return undefined;
      return db.transaction(async (tx) => {
        const [due] = await tx
          .select({ id: jobs.id, kind: jobs.kind })
          .from(jobs)
          .where(
            and(
              id === undefined ? undefined : eq(jobs.id, id),
              inArray(jobs.kind, kinds),
              isNull(jobs.doneAt),
              isNull(jobs.deadAt),
              lte(jobs.runAt, now),
              or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
              or(
                isNull(jobs.orderingKey),
                notExists(
                  tx
                    .select({ id: earlier.id })
                    .from(earlier)
                    .where(
                      and(
                        eq(earlier.orderingKey, jobs.orderingKey),
                        lt(earlier.id, jobs.id),
                        isNull(earlier.doneAt),
                        isNull(earlier.deadAt),
                      ),
                    ),
                ),
              ),
            ),
          )
          .orderBy(jobs.runAt, jobs.id)
          .limit(1)
          .for('update', { skipLocked: true });
        if (!due) return undefined;
        const [row] = await tx
          .update(jobs)
          .set({
            lockedUntil: new Date(now.getTime() + (leases.get(due.kind) ?? 0)),
            leaseToken: randomUUID(),
            attempts: sql`${jobs.attempts} + 1`,
          })
          .where(eq(jobs.id, due.id))
          .returning();
        return row;
      });
    },

    /**
     * Marks a held job done; `forgetPayload` empties what it carried (a text once it is sent).
     * Answers false when the lease was lost (another worker holds the job, or it is done).
     */
    async complete(job: Held, now: Date, { forgetPayload = false } = {}): Promise<boolean> {
      return release(job, { doneAt: now, lastError: null, ...(forgetPayload && { payload: {} }) });
    },

    /** Lets go of a held job until `runAt`, keeping why it failed; false when not held. */
    async retryAt(job: Held, runAt: Date, error: string): Promise<boolean> {
      return release(job, { runAt, lastError: error.slice(0, 1000) });
    },

    /** Lets go of a held job until `runAt` without counting the try; false when not held. */
    async postpone(job: Held, runAt: Date): Promise<boolean> {
      return release(job, { runAt, attempts: sql`${jobs.attempts} - 1` });
    },

    /** Gives a held job up: dead until an operator queues it again; false when not held. */
    async bury(job: Held, now: Date, error: string): Promise<boolean> {
      return release(job, { deadAt: now, lastError: error.slice(0, 1000) });
    },

    /** The jobs given up, newest first, of one kind or all. */
    async dead(kind?: string): Promise<Job[]> {
      return db
        .select()
        .from(jobs)
        .where(and(isNotNull(jobs.deadAt), kind === undefined ? undefined : eq(jobs.kind, kind)))
        .orderBy(desc(jobs.deadAt), asc(jobs.id));
    },

    /** Queues a dead job again, due now with a fresh count of tries; false when not dead. */
    async requeue(id: number, now: Date): Promise<boolean> {
      const queued = await db
        .update(jobs)
        .set({ deadAt: null, runAt: now, attempts: 0 })
        .where(and(eq(jobs.id, id), isNotNull(jobs.deadAt)))
        .returning({ id: jobs.id });
      return queued.length > 0;
    },
  };
}

export type JobRepository = ReturnType<typeof createJobRepository>;
