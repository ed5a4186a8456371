import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster, type Instance } from './cluster.ts';
import { bearer, sandboxStaff, signIn } from './http.ts';
import { pause, startLoad, type LoadRequest } from './load.ts';

let cluster: Cluster;
let supportToken: string;
let officerToken: string;

beforeAll(async () => {
  // The load comes from one address: the per-address ceiling is not what is tested here.
  cluster = await startCluster({ RATE_LIMIT_PER_MINUTE: '10000000' });
  supportToken = await signIn(
    cluster.url,
    sandboxStaff.support.phone,
    sandboxStaff.support.password,
  );
  const { phone, password } = sandboxStaff.creditOfficer;
  officerToken = await signIn(cluster.url, phone, password);
});

afterAll(async () => {
  await cluster.stop();
});

/** An authenticated read, and a read that writes its access-log row before it answers. */
const usersListPath = '/api/checking/users?page=1';
function readsAndWrites(_worker: number, sent: number): LoadRequest {
  return sent % 2 === 0
    ? { path: '/api/rejection-reasons', init: { headers: bearer(officerToken) } }
    : { path: usersListPath, init: { headers: bearer(supportToken) } };
}

/** Resolves once HAProxy sends requests to `instance` again (two good health checks). */
async function servingAgain(instance: Instance) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await fetch(`${cluster.url}/healthz`);
    if (response.headers.get('x-served-by') === instance.name) return;
    await pause(50);
  }
  throw new Error(`HAProxy never sent a request to instance ${instance.name} again`);
}

async function supportListViews(): Promise<number> {
  const client = new pg.Client({ connectionString: cluster.postgres.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from access_log a join users u on u.id = a.actor_user_id
        where u.phone = $1`,
      [sandboxStaff.support.phone],
    );
    return rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
}

describe('two instances behind HAProxy under load', () => {
  it('restart one after the other without a single failed request', async () => {
    const load = startLoad(cluster.url, readsAndWrites);
    await pause(1_000);
    for (const instance of cluster.instances) {
      await instance.stop();
      await instance.start();
      await servingAgain(instance);
      await pause(500);
    }
    const report = await load.stop();

    expect(report.total).toBeGreaterThan(500);
    expect(Object.fromEntries(report.byStatus)).toEqual({ 200: report.total });
    expect(report.servedBy).toEqual(new Set(['a', 'b']));
  });

  it('answer 503 while PostgreSQL restarts, recover by themselves, and lose no acknowledged write', async () => {
    const viewsBefore = await supportListViews();
    const load = startLoad(cluster.url, readsAndWrites);
    await pause(1_000);
    await cluster.postgres.restart();
    // Recovered: a full second of answers after PostgreSQL is back, all of them 200.
    await pause(3_000);
    const recoveredFrom = load.report.timeline.length;
    await pause(1_000);
    const report = await load.stop();

    const statuses = new Set(report.timeline.map(({ status }) => status));
    expect([...statuses].sort()).toEqual([200, 503]);
    expect(report.timeline.slice(recoveredFrom).every(({ status }) => status === 200)).toBe(true);

    const acknowledgedWrites = report.timeline.filter(
      ({ path, status }) => path === usersListPath && status === 200,
    ).length;
    expect(await supportListViews()).toBeGreaterThanOrEqual(viewsBefore + acknowledgedWrites);
  });
});
