import { once } from 'node:events';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#app/db/schema.ts';
import { giorgi, registerCustomer } from '#app/test/accounts.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { freePort, listeningTestApp } from '#app/test/listening-app.ts';

let app: FastifyInstance;
let baseUrl: string;
let metricsUrl: string;

beforeAll(async () => {
  const metricsPort = await freePort();
  ({ app, baseUrl } = await listeningTestApp({ METRICS_PORT: String(metricsPort) }));
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
});

afterAll(() => app.close());

async function scrape(): Promise<string> {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of the sample `name{labels}` (labels in the order prom-client writes them). */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('the metrics listener', () => {
  it('serves Prometheus text with the process metrics on its own port, GET /metrics only', async () => {
    const text = await scrape();
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(`${metricsUrl}/x`)).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(404);
  });

  it('is not on the public port', async () => {
    const response = await fetch(`${baseUrl}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('http_request_duration_seconds');
  });

  it('times requests by route pattern, method and status code, never by raw URL', async () => {
    expect((await fetch(`${baseUrl}/api/credit-info/4711`)).status).toBe(401);
    expect((await fetch(`${baseUrl}/api/no-such-thing/4712`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);
    const text = await scrape();
    expect(
      sample(
        text,
        'http_request_duration_seconds_count',
        '{route="/api/credit-info/:id",method="GET",status_code="401"}',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count',
        '{route="unmatched",method="GET",status_code="404"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_bucket',
        '{le="10",route="/readyz",method="GET",status_code="200"}',
      ),
    ).toBe(1);
    // The raw paths, not their ids alone: a process gauge may hold those digits by chance.
    expect(text).not.toContain('/api/credit-info/4711');
    expect(text).not.toContain('no-such-thing');
  });

  it('counts registrations and texted codes from the events the modules log', async () => {
    const before = await scrape();
    expect(sample(before, 'registrations_total')).toBe(0);
    expect(sample(before, 'phone_codes_sent_total', '{purpose="registration"}')).toBe(0);
    expect(sample(before, 'sda_checks_total', '{outcome="verified"}')).toBe(0);
    expect(sample(before, 'loan_decisions_total', '{decision="rejected"}')).toBe(0);
    await registerCustomer(app, { phone: '599770001', identity: giorgi });
    const after = await scrape();
    expect(sample(after, 'registrations_total')).toBe(1);
    expect(sample(after, 'phone_codes_sent_total', '{purpose="registration"}')).toBe(1);
  });

  it('reads the pool of a PostgreSQL database, and no pool of PGlite', async () => {
    const text = await scrape();
    if (app.database.driver === 'postgres') {
      expect(sample(text, 'db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_waiting_requests')).toBe(0);
    } else {
      expect(text).not.toContain('db_pool_');
    }
  });

  it('counts the jobs not done, those failing and those given up, and NaN when the database is gone', async () => {
    const backlog = sample(await scrape(), 'jobs_backlog') ?? Number.NaN;
    const now = app.clock.now();
    const hourAgo = new Date(now.getTime() - 3_600_000);
    await app.database.db.insert(jobs).values([
      { kind: 'probe', payload: {}, runAt: now, createdAt: hourAgo },
      { kind: 'probe', payload: {}, runAt: now, createdAt: now, lastError: 'gateway down' },
      { kind: 'probe', payload: {}, runAt: now, createdAt: now, doneAt: now },
      { kind: 'probe', payload: {}, runAt: now, createdAt: now, deadAt: now, lastError: '400' },
    ]);
    const text = await scrape();
    expect(sample(text, 'jobs_backlog')).toBe(backlog + 2);
    expect(sample(text, 'jobs_failing')).toBe(1);
    expect(sample(text, 'jobs_dead', '{kind="probe"}')).toBe(1);
    expect(sample(text, 'jobs_backlog_oldest_age_seconds')).toBeGreaterThanOrEqual(3600);

    await app.database.close();
    const closed = await scrape();
    expect(sample(closed, 'jobs_backlog')).toBeNaN();
    expect(sample(closed, 'jobs_failing')).toBeNaN();
    expect(sample(closed, 'jobs_backlog_oldest_age_seconds')).toBeNaN();
  });
});

describe('starting with the metrics port taken', () => {
  it('fails with EADDRINUSE', async () => {
    const squatter = createServer().listen(0, '127.0.0.1');
    await once(squatter, 'listening');
    const address = squatter.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      const taken = await buildTestApp({ METRICS_PORT: String(port) });
      await expect(taken.ready()).rejects.toMatchObject({ code: 'EADDRINUSE' });
      await taken.close();
    } finally {
      squatter.close();
      await once(squatter, 'close');
    }
  });
});
