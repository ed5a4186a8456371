import { isNull, sql } from 'drizzle-orm';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { jobs } from '#app/db/schema.ts';
import { listenForScrapes, type MetricsListener } from './listener.ts';
import { unmatchedRoute, type Metrics } from './registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics (tests read the counters here). */
    metrics: Metrics;
  }
}

interface MetricsOptions {
  metrics: Metrics;
  host: string;
  /** 0: no listener (the metrics are still kept). */
  port: number;
}

/**
 * Prometheus metrics: every answer's duration by route pattern, and, on each scrape, the
 * database pool (PostgreSQL) and the jobs table's backlog in one count query. The scrape
 * listener starts when the app is ready (a taken port fails the start) and closes with it.
 * Registered before any route, so that its hook sees every request.
 */
const metricsPlugin: FastifyPluginCallback<MetricsOptions> = (app, options, done) => {
  const { metrics } = options;
  app.decorate('metrics', metrics);

  app.addHook('onResponse', (request, reply, next) => {
    const route = request.is404 ? unmatchedRoute : (request.routeOptions.url ?? unmatchedRoute);
    metrics.requestDuration.observe(
      { route, method: request.method, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    next();
  });

  /** One query for every jobs gauge; NaN for each (and no dead count) while the database cannot answer. */
  async function readJobGauges() {
    const waiting = sql`${jobs.deadAt} is null`;
    try {
      const rows = await app.database.db
        .select({
          kind: jobs.kind,
          backlog: sql<number>`(count(*) filter (where ${waiting}))::int`,
          failing: sql<number>`(count(*) filter (where ${waiting} and ${jobs.lastError} is not null))::int`,
          dead: sql<number>`(count(*) filter (where ${jobs.deadAt} is not null))::int`,
          // Null for a kind with none waiting (mapWith leaves a null as it is).
          oldest: sql<Date | null>`min(${jobs.createdAt}) filter (where ${waiting})`.mapWith(
            jobs.createdAt,
          ),
        })
        .from(jobs)
        .where(isNull(jobs.doneAt))
        .groupBy(jobs.kind);
      const sum = (count: (row: (typeof rows)[number]) => number) =>
        rows.reduce((total, row) => total + count(row), 0);
      const oldest = Math.min(
        ...rows.map((row) => (row.oldest as Date | null)?.getTime() ?? Infinity),
      );
      metrics.jobs.backlog.set(sum((row) => row.backlog));
      metrics.jobs.failing.set(sum((row) => row.failing));
      metrics.jobs.oldestAge.set(
        oldest === Infinity ? 0 : Math.max(0, (app.clock.now().getTime() - oldest) / 1000),
      );
      metrics.deadJobs.reset();
      for (const row of rows) if (row.dead > 0) metrics.deadJobs.set({ kind: row.kind }, row.dead);
    } catch {
      for (const gauge of Object.values(metrics.jobs)) gauge.set(Number.NaN);
      metrics.deadJobs.reset();
    }
  }

  let listener: MetricsListener | undefined;

  app.addHook('onReady', async () => {
    const { database } = app;
    const poolStats = database.poolStats?.bind(database);
    const pool = poolStats && { read: poolStats, gauges: metrics.addPoolGauges() };
    const scrape = async () => {
      if (pool) {
        const stats = pool.read();
        pool.gauges.total.set(stats.total);
        pool.gauges.idle.set(stats.idle);
        pool.gauges.waiting.set(stats.waiting);
      }
      await readJobGauges();
      return metrics.registry.metrics();
    };
    if (options.port === 0) return;
    listener = await listenForScrapes({
      host: options.host,
      port: options.port,
      contentType: metrics.registry.contentType,
      scrape,
    });
    app.log.info({ port: options.port }, 'metrics at /metrics on their own port');
  });

  app.addHook('onClose', async () => {
    await listener?.close();
  });
  done();
};

export default fp(metricsPlugin, { name: 'metrics' });
