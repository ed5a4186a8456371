import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#app/clock.ts';
import type { Database } from '#app/db/database.ts';
import { createJobRepository, type Job } from './repository.ts';

/** Runs one job; a throw means "not now": the job is tried again later. */
export type JobHandler = (payload: unknown) => Promise<void>;

export interface JobKind {
  run: JobHandler;
  /** Empty the payload once done: it carried something not to keep (a text with a code). */
  forgetPayload?: boolean;
}

/** How long a claimed job is its worker's before another may take it. */
const leaseMs = 60_000;
const batch = 10;

/** Seconds before attempt `attempt + 1`: 5 s, doubling, at most an hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/**
 * The worker of the jobs table: claims due jobs, runs each with the handler of its kind, and
 * marks it done or schedules its next attempt with backoff.
 */
export function createJobRunner({
  db,
  clock,
  log,
  handlers,
}: {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  handlers: ReadonlyMap<string, JobKind>;
}) {
  const repository = createJobRepository(db);

  async function runOne(job: Job) {
    const kind = handlers.get(job.kind);
    try {
      if (!kind) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await kind.run(job.payload);
      await repository.complete(job.id, clock.now(), { forgetPayload: kind.forgetPayload });
    } catch (error) {
      const runAt = new Date(clock.now().getTime() + retryDelayMs(job.attempts));
      log.warn(
        { err: error, jobId: job.id, kind: job.kind, attempt: job.attempts },
        'job failed, retried later',
      );
      await repository.retryAt(
        job.id,
        runAt,
        error instanceof Error ? error.message : String(error),
      );
    }
  }

  return {
    /** Runs the jobs due now, a batch at a time until none is left; answers how many ran. */
    async runDue(): Promise<number> {
      let ran = 0;
      for (;;) {
        const claimed = await repository.claimDue(clock.now(), leaseMs, batch);
        for (const job of claimed) await runOne(job);
        ran += claimed.length;
        if (claimed.length < batch) return ran;
      }
    },

    /**
     * Runs one job at once when nobody holds it (right after the transaction that queued it,
     * so that a text usually leaves before the answer does); otherwise the poller will.
     */
    async runNow(id: number): Promise<void> {
      const job = await repository.claim(id, clock.now(), leaseMs);
      if (job) await runOne(job);
    },
  };
}
