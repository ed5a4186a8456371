import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#app/db/schema.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { testClock } from '#app/test/test-clock.ts';
import { createJobRepository } from './repository.ts';
import { createJobRunner, retryDelayMs, type JobHandler } from './runner.ts';

const clock = testClock();
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({}, { clock });
  await app.ready();
});

afterAll(() => app.close());

const jobOf = async (id: number) => {
  const [row] = await app.database.db.select().from(jobs).where(eq(jobs.id, id));
  return row;
};

function runnerWith(handlers: Record<string, JobHandler>) {
  return createJobRunner({
    db: app.database.db,
    clock,
    log: app.log,
    handlers: new Map(Object.entries(handlers).map(([kind, run]) => [kind, { run }])),
  });
}

describe('background jobs', () => {
  it('runs a due job once with its payload and marks it done', async () => {
    const seen: unknown[] = [];
    const runner = runnerWith({
      'test.once': (payload) => {
        seen.push(payload);
        return Promise.resolve();
      },
    });
    const id = await app.jobs.enqueue(app.database.db, 'test.once', { n: 1 });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await jobOf(id)).toMatchObject({ attempts: 1, doneAt: clock.now(), lastError: null });
  });

  it('retries a failing job with a growing delay until it succeeds', async () => {
    let failures = 2;
    const runner = runnerWith({
      'test.flaky': () =>
        failures-- > 0 ? Promise.reject(new Error('gateway down')) : Promise.resolve(),
    });
    const id = await app.jobs.enqueue(app.database.db, 'test.flaky', {});
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

  it('never gives one job to two workers, and takes it back when a worker’s lease runs out', async () => {
    const id = await app.jobs.enqueue(app.database.db, 'test.leased', {});
    const repository = createJobRepository(app.database.db);
    const [first, second] = await Promise.all([
      repository.claimDue(clock.now(), 60_000, 10),
      repository.claimDue(clock.now(), 60_000, 10),
    ]);
    expect([...first, ...second].filter((job) => job.id === id)).toHaveLength(1);
    expect((await repository.claimDue(clock.now(), 60_000, 10)).map((job) => job.id)).not.toContain(
      id,
    );
    clock.advance(60_000);
    expect((await repository.claimDue(clock.now(), 60_000, 10)).map((job) => job.id)).toContain(id);
  });
});
