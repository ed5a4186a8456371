import { isNull, sql } from 'drizzle-orm';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { jobs } from '#app/db/schema.ts';
import { listenForScrapes, type MetricsListener } from './listener.ts';
import { unmatchedRoute, type Metrics } from './registry.ts';

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

  app.addHook('onResponse', (request, reply, next) => {
    const route = request.is404 ? unmatchedRoute : (request.routeOptions.url ?? unmatchedRoute);
    metrics.requestDuration.observe(
      { route, method: request.method, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    next();
  });

  /** One query for every jobs gauge; NaN for each while the database cannot answer. */
  async function readJobGauges() {
    try {
      const [row] = await app.database.db
        .select({
          backlog: sql<number>`count(*)::int`,
          failing: sql<number>`(count(*) filter (where ${jobs.lastError} is not null))::int`,
          oldest: sql<Date | null>`min(${jobs.createdAt})`.mapWith(jobs.createdAt),
        })
        .from(jobs)
        .where(isNull(jobs.doneAt));
      const oldest = row?.oldest ?? null;
      metrics.jobs.backlog.set(row?.backlog ?? 0);
      metrics.jobs.failing.set(row?.failing ?? 0);
      metrics.jobs.oldestAge.set(
        oldest === null ? 0 : Math.max(0, (app.clock.now().getTime() - oldest.getTime()) / 1000),
      );
    } catch {
      for (const gauge of Object.values(metrics.jobs)) gauge.set(Number.NaN);
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
