import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#app/clock.ts';
import type { Database } from '#app/db/database.ts';
import { createJobRepository, type Job } from './repository.ts';

/**
 * Runs one job; a throw means "not now": the job is tried again later. `signal` aborts when
 * the kind's time is up: pass it to every outside call, so that no work goes on past it.
 */
export type JobHandler = (payload: unknown, signal: AbortSignal) => Promise<void>;

/** How the jobs of one kind run. */
export interface JobKindOptions {
  /** How long one try may take; it fails after that (and its lease outlasts it). */
  timeoutMs: number;
  /** Tries before the job is given up (dead, for an operator to queue again). */
  maxAttempts: number;
  /** Empty the payload once done: it carried something not to keep (a text with a code). */
  forgetPayload?: boolean;
}

export interface JobKind extends JobKindOptions {
  run: JobHandler;
}

/**
 * What a lease holds beyond the kind's timeout: the time to record the outcome. A job is
 * never claimed again while a try of it may still be going on.
 */
export const leaseMarginMs = 30_000;

export const leaseMsOf = (kind: JobKindOptions) => kind.timeoutMs + leaseMarginMs;

/** Seconds before attempt `attempt + 1`: 5 s, doubling, at most an hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/**
 * Thrown by a handler for "not before `until`": the job waits until then, and the try does not
 * count against its kind's tries (a text held back in the quiet hours).
 */
export class JobPostponed extends Error {
  readonly until: Date;

  constructor(until: Date) {
    super(`the job waits until ${until.toISOString()}`);
    this.until = until;
  }
}

export class JobTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`the job took longer than ${timeoutMs} ms`);
  }
}

/** Runs `kind`'s handler on `job`, failing it once the kind's time is up. */
async function attempt(kind: JobKind, job: Job): Promise<void> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new JobTimeoutError(kind.timeoutMs);
      // Failed first: a handler that settles as it is aborted has not finished its work.
      reject(error);
      controller.abort(error);
    }, kind.timeoutMs);
  });
  try {
    await Promise.race([kind.run(job.payload, controller.signal), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The worker of the jobs table: claims one due job at a time among the kinds it has handlers
 * for (a kind this instance cannot run waits for one that can), runs it within its kind's
 * time, and marks it done, schedules its next try with backoff, or gives it up once its kind's
 * tries ran out. Every outcome is written only while this worker's lease token still holds
 * the job.
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
  let stopped = false;

  const leases = () =>
    new Map([...handlers].map(([name, kind]) => [name, leaseMsOf(kind)] as const));

  function leaseLost(job: Job) {
    log.error(
      { event: 'job_lease_lost', jobId: job.id, kind: job.kind, attempt: job.attempts },
      'a job’s outcome came after its lease ran out; another worker has it',
    );
  }

  /** When a failed try is tried again: a try cut off by its timeout not within its lease. */
  function nextTry(job: Job, error: unknown): Date {
    const backoff = clock.now().getTime() + retryDelayMs(job.attempts);
    const leaseEnd = job.lockedUntil?.getTime() ?? 0;
    return new Date(error instanceof JobTimeoutError ? Math.max(backoff, leaseEnd) : backoff);
  }

  async function failed(kind: JobKind, job: Job, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    const dead = job.attempts >= kind.maxAttempts;
    const held = dead
      ? await repository.bury(job, clock.now(), message)
      : await repository.retryAt(job, nextTry(job, error), message);
    const fields = { err: error, jobId: job.id, kind: job.kind, attempt: job.attempts };
    if (!held) leaseLost(job);
    else if (dead) log.error({ event: 'job_dead', ...fields }, 'a job ran out of tries, given up');
    else log.warn(fields, 'job failed, retried later');
  }

  async function runOne(job: Job) {
    const kind = handlers.get(job.kind);
    if (!kind) throw new Error(`a job of kind ${job.kind} was claimed without a handler`);
    try {
      await attempt(kind, job);
    } catch (error) {
      if (!(error instanceof JobPostponed)) await failed(kind, job, error);
      else if (!(await repository.postpone(job, error.until))) leaseLost(job);
      return;
    }
    const done = await repository.complete(job, clock.now(), {
      forgetPayload: kind.forgetPayload,
    });
    if (!done) leaseLost(job);
  }

  return {
    /** Runs the jobs due now, one claim at a time until none is left; answers how many ran. */
    async runDue(): Promise<number> {
      let ran = 0;
      while (!stopped) {
        const job = await repository.claimNext(clock.now(), leases());
        if (!job) break;
        await runOne(job);
        ran += 1;
      }
      return ran;
    },

    /**
     * Runs one job at once when it is due and nobody holds it (right after the transaction
     * that queued it, so that a text usually leaves before the answer does); otherwise the
     * poller will, or already did.
     */
    async runNow(id: number): Promise<void> {
      const job = await repository.claimNext(clock.now(), leases(), id);
      if (job) await runOne(job);
    },

    /** Claims nothing more: the job under way finishes, the next is left for another worker. */
    stop() {
      stopped = true;
    },
  };
}
