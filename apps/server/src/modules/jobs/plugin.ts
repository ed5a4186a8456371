import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '#app/db/database.ts';
import { poll } from '#app/poll.ts';
import { createJobRepository, type NewJob } from './repository.ts';
import { createJobRunner, type JobHandler, type JobKind, type JobKindOptions } from './runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      /** Names the handler of a kind of job; modules call it when they register. */
      handle: (kind: string, handler: JobHandler, options: JobKindOptions) => void;
      /** Queues a job, in the transaction `db` of the change that causes it. */
      enqueue: (
        db: Database,
        kind: string,
        payload: unknown,
        options?: Pick<NewJob, 'orderingKey' | 'runAt'>,
      ) => Promise<number>;
      /** Queues jobs in one statement, in the transaction `db`; answers their ids in order. */
      enqueueMany: (db: Database, jobs: readonly NewJob[]) => Promise<number[]>;
      /** Runs the jobs due now (the poller does this every `JOB_POLL_MS`; tests call it). */
      runDue: () => Promise<number>;
      /** Runs one job now, unless it is not due or another worker holds it. */
      runNow: (id: number) => Promise<void>;
    };
  }
}

/**
 * Background work through the jobs table: every instance polls it and the table's row locks
 * and leases share the work out. The poll stops with the app.
 */
const jobs: FastifyPluginCallback<{ pollMs: number }> = (app, { pollMs }, done) => {
  const handlers = new Map<string, JobKind>();
  const runner = createJobRunner({ db: app.database.db, clock: app.clock, log: app.log, handlers });

  app.decorate('jobs', {
    handle(kind, handler, options) {
      handlers.set(kind, { ...options, run: handler });
    },
    enqueue: (db, kind, payload, options) =>
      createJobRepository(db).enqueue({ kind, payload, ...options }, app.clock.now()),
    enqueueMany: (db, queued) => createJobRepository(db).enqueueMany(queued, app.clock.now()),
    runDue: () => runner.runDue(),
    runNow: (id) => runner.runNow(id),
  });

  if (pollMs > 0) {
    const stop = poll(
      () =>
        runner.runDue().catch((error: unknown) => {
          app.log.warn({ err: error }, 'the job poll failed; it runs again');
        }),
      pollMs,
    );
    app.addHook('onClose', async () => {
      runner.stop();
      await stop();
    });
  }
  done();
};

export default fp(jobs, { name: 'jobs', dependencies: ['database'] });
