import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { jobs } from '#app/db/schema.ts';
import { poll } from '#app/poll.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { logCapture } from '#app/test/log-capture.ts';
import { raceAt } from '#app/test/race.ts';
import { testClock } from '#app/test/test-clock.ts';
import { createJobRepository } from './repository.ts';
import {
  createJobRunner,
  leaseMarginMs,
  retryDelayMs,
  type JobHandler,
  type JobKindOptions,
} from './runner.ts';

const clock = testClock();
const log = logCapture();
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({}, { clock, logStream: log.stream });
  await app.ready();
});

afterAll(() => app.close());

const jobOf = async (id: number) => {
  const [row] = await app.database.db.select().from(jobs).where(eq(jobs.id, id));
  return row;
};

const defaults: JobKindOptions = { timeoutMs: 10_000, maxAttempts: 5 };

/** A worker of its own (as another instance runs one) for the kinds given. */
function runnerWith(handlers: Record<string, JobHandler>, options: Partial<JobKindOptions> = {}) {
  return createJobRunner({
    db: app.database.db,
    clock,
    log: app.log,
    handlers: new Map(
      Object.entries(handlers).map(([kind, run]) => [kind, { ...defaults, ...options, run }]),
    ),
  });
}

const enqueue = (kind: string, payload: unknown = {}, orderingKey?: string) =>
  app.jobs.enqueue(app.database.db, kind, payload, { orderingKey });

const done = () => Promise.resolve();

describe('background jobs', () => {
  it('runs a due job once with its payload and marks it done', async () => {
    const seen: unknown[] = [];
    const runner = runnerWith({
      'test.once': (payload) => {
        seen.push(payload);
        return done();
      },
    });
    const id = await enqueue('test.once', { n: 1 });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await jobOf(id)).toMatchObject({
      attempts: 1,
      doneAt: clock.now(),
      lastError: null,
      leaseToken: null,
    });
  });

  it('retries a failing job with a growing delay until it succeeds', async () => {
    let failures = 2;
    const runner = runnerWith({
      'test.flaky': () =>
        failures-- > 0 ? Promise.reject(new Error('gateway down')) : Promise.resolve(),
    });
    const id = await enqueue('test.flaky');
    await runner.runDue();
    expect(await jobOf(id)).toMatchObject({ attempts: 1, doneAt: null, lastError: 'gateway down' });
    expect(await runner.runDue()).toBe(0);
    clock.advance(retryDelayMs(1));
    await runner.runDue();
    expect(await jobOf(id)).toMatchObject({ attempts: 2, doneAt: null });
    clock.advance(retryDelayMs(2));
    await runner.runDue();
    expect(await jobOf(id)).toMatchObject({ attempts: 3, doneAt: clock.now() });
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    expect(retryDelayMs(40)).toBe(3_600_000);
  });

  it('gives a job up after its kind’s tries, says so, and runs it again once requeued', async () => {
    let fail = true;
    const runner = runnerWith(
      { 'test.doomed': () => (fail ? Promise.reject(new Error('HTTP 400')) : done()) },
      { maxAttempts: 2 },
    );
    const id = await enqueue('test.doomed');
    await runner.runDue();
    clock.advance(retryDelayMs(1));
    await runner.runDue();
    expect(await jobOf(id)).toMatchObject({ attempts: 2, deadAt: clock.now(), doneAt: null });
    expect(log.events('job_dead')).toContainEqual(
      expect.objectContaining({ jobId: id, kind: 'test.doomed', attempt: 2 }),
    );
    clock.advance(3_600_000);
    expect(await runner.runDue()).toBe(0);

    const repository = createJobRepository(app.database.db);
    expect((await repository.dead('test.doomed')).map((job) => job.id)).toEqual([id]);
    fail = false;
    expect(await repository.requeue(id, clock.now())).toBe(true);
    expect(await runner.runDue()).toBe(1);
    expect(await jobOf(id)).toMatchObject({ attempts: 1, deadAt: null, doneAt: clock.now() });
    expect(await repository.requeue(id, clock.now())).toBe(false);
  });

  it('runs each of ten 10-second jobs once when a second worker starts during the seventh', async () => {
    const runs = new Map<number, number>();
    const ids: number[] = [];
    for (let n = 0; n < 10; n += 1) ids.push(await enqueue('test.slow', { n }));
    let ranBySecond: number | undefined;
    let started = 0;
    const count = (payload: unknown) => {
      const { n } = payload as { n: number };
      runs.set(n, (runs.get(n) ?? 0) + 1);
    };
    const second = runnerWith({
      'test.slow': (payload) => {
        count(payload);
        return done();
      },
    });
    const first = await runnerWith({
      'test.slow': async (payload) => {
        count(payload);
        started += 1;
        clock.advance(10_000);
        // The seventh job is still running, 70 s after the first began, when the second starts.
        if (started === 7) ranBySecond = await second.runDue();
      },
    }).runDue();
    expect([...runs.values()]).toEqual(Array(10).fill(1));
    expect(first + (ranBySecond ?? 0)).toBe(10);
    for (const id of ids) expect((await jobOf(id))?.attempts).toBe(1);
  });

  it('lets no stale holder, whose lease ran out, complete or release a job another took', async () => {
    let releaseFirst: (value: unknown) => void = () => undefined;
    const firstBlocked = new Promise((resolve) => (releaseFirst = resolve));
    let started: () => void = () => undefined;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    const stale = runnerWith(
      {
        'test.stale': async () => {
          started();
          await firstBlocked;
          throw new Error('too late anyway');
        },
      },
      { timeoutMs: 60_000 },
    );
    const id = await enqueue('test.stale');
    const staleRun = stale.runDue();
    await firstStarted;
    clock.advance(60_000 + leaseMarginMs);

    let secondHolds: (value: unknown) => void = () => undefined;
    const secondDone = new Promise((resolve) => (secondHolds = resolve));
    let secondStarted: () => void = () => undefined;
    const secondRunning = new Promise<void>((resolve) => (secondStarted = resolve));
    const fresh = runnerWith({
      'test.stale': async () => {
        secondStarted();
        await secondDone;
      },
    });
    const freshRun = fresh.runDue();
    await secondRunning;
    const taken = await jobOf(id);

    // The stale worker fails now: its retry must not free the job the fresh worker holds.
    releaseFirst(undefined);
    await staleRun;
    expect(await jobOf(id)).toMatchObject({
      leaseToken: taken?.leaseToken,
      lockedUntil: taken?.lockedUntil,
      lastError: null,
    });
    expect(log.events('job_lease_lost')).toContainEqual(expect.objectContaining({ jobId: id }));
    clock.advance(retryDelayMs(1));
    const third = runnerWith({ 'test.stale': done });
    expect(await third.runDue()).toBe(0);

    secondHolds(undefined);
    await freshRun;
    expect(await jobOf(id)).toMatchObject({ attempts: 2, doneAt: clock.now(), leaseToken: null });
  });

  it('fails a try that outlasts its kind’s time, and keeps it from others for its lease', async () => {
    let aborted = false;
    const runner = runnerWith(
      {
        'test.hung': (_payload, signal) =>
          new Promise((resolve) => {
            signal.addEventListener('abort', () => {
              aborted = true;
              resolve();
            });
          }),
      },
      { timeoutMs: 50 },
    );
    const id = await enqueue('test.hung');
    const claimedAt = clock.now().getTime();
    await runner.runDue();
    expect(aborted).toBe(true);
    const failed = await jobOf(id);
    expect(failed).toMatchObject({ doneAt: null, lastError: 'the job took longer than 50 ms' });
    expect(failed?.runAt.getTime()).toBe(claimedAt + 50 + leaseMarginMs);
  });

  it('claims only the kinds it has handlers for: another instance’s work waits for one that can', async () => {
    const id = await enqueue('test.elsewhere');
    expect(await runnerWith({ 'test.other': done }).runDue()).toBe(0);
    expect(await jobOf(id)).toMatchObject({ attempts: 0, doneAt: null, lockedUntil: null });
    expect(await runnerWith({ 'test.elsewhere': done }).runDue()).toBe(1);
  });

  it('runs the jobs of one ordering key in order: a retried one holds back those after it', async () => {
    const seen: number[] = [];
    let failFirst = true;
    const runner = runnerWith({
      'test.ordered': (payload) => {
        const { n } = payload as { n: number };
        if (n === 1 && failFirst) {
          failFirst = false;
          return Promise.reject(new Error('503'));
        }
        seen.push(n);
        return done();
      },
    });
    await enqueue('test.ordered', { n: 1 }, 'application:7');
    await enqueue('test.ordered', { n: 2 }, 'application:7');
    await enqueue('test.ordered', { n: 3 }, 'application:8');
    await runner.runDue();
    expect(seen).toEqual([3]);
    clock.advance(retryDelayMs(1));
    await runner.runDue();
    expect(seen).toEqual([3, 1, 2]);
  });

  it('runs a job once when two workers claim it at once', async () => {
    let runs = 0;
    const work: JobHandler = () => {
      runs += 1;
      return done();
    };
    await enqueue('test.contested');
    const race = raceAt(app, /skip locked/);
    await Promise.all([
      runnerWith({ 'test.contested': work }).runDue(),
      runnerWith({ 'test.contested': work }).runDue(),
    ]);
    await race.finish();
    expect(runs).toBe(1);
  });
});

describe('the poll', () => {
  it('skips a tick while a run is still going, never queueing runs behind it', async () => {
    // Fake timers: on a busy machine a real 5 ms interval may fire between the slow run's end
    // and the check, which would be a fair new tick, not a queued one.
    vi.useFakeTimers();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    let calls = 0;
    let finishSlow: () => void = () => undefined;
    const stop = poll(() => {
      calls += 1;
      return calls === 1 ? new Promise<void>((resolve) => (finishSlow = resolve)) : done();
    }, 5);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(1);
    finishSlow();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(5);
    expect(calls).toBe(2);
    await stop();
  });
});
