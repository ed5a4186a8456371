import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { tokenHash } from '../apps/server/src/security/tokens.ts';
import { createScratchDatabase } from '../apps/server/src/test/scratch-database.ts';
import { freePort, startProduct, waitUntilReady } from '../e2e/support/product.ts';
import { customerThroughApi, supportToken, type BenchCustomer } from './api-customers.ts';
import { cpuMicros } from './cpu-time.ts';
import { report, type Measurement } from './measurement.ts';

/** The bar: at least half the bare reference's throughput, p99 at most 20 ms. */
const budgets = { ratio: 0.5, p99Ms: 20 };
const load = { connections: 32, warmUpSeconds: 2, roundSeconds: 5, rounds: 3 };
const customerCount = 16;

interface Round {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** CPU time a request, in µs, of the server's process and of PostgreSQL's. */
  serverCpu: number;
  postgresCpu: number;
}

/** A server under load: where it answers, and its process (whose CPU time is read). */
interface Target {
  url: string;
  pid: number;
}

/**
 * One run of autocannon: `tokens` taken in turn, one per request. Beside the rates, the CPU
 * time a request of the server and of PostgreSQL: steadier than the rates on a machine whose
 * speed varies, and it says which of the two a change saved.
 */
async function measure(target: Target, tokens: string[], seconds: number): Promise<Round> {
  const cpuBefore = cpuMicros(target.pid);
  let next = 0;
  const result = await autocannon({
    url: target.url,
    connections: load.connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          const token = tokens[next++ % tokens.length] ?? '';
          return { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } };
        },
      },
    ],
  });
  const cpuAfter = cpuMicros(target.pid);
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0)
    throw new Error(`${target.url}: ${failed} of ${result.requests.total} requests failed`);
  const requests = result.requests.total;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    serverCpu: (cpuAfter.process - cpuBefore.process) / requests,
    postgresCpu: (cpuAfter.postgres - cpuBefore.postgres) / requests,
  };
}

const described = (round: Round) =>
  `${round.requestsPerSecond.toFixed(0)} req/s, p50 ${round.p50} ms, p99 ${round.p99} ms, ` +
  `CPU a request ${round.serverCpu.toFixed(0)} µs + PostgreSQL ${round.postgresCpu.toFixed(0)} µs`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The bare reference's tables, holding the customers' sessions and `loans-show` rows. */
async function fillBareTables(databaseUrl: string, productUrl: string, customers: BenchCustomer[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`
      create table bare_sessions (token_hash text primary key, user_id integer not null);
      create table bare_loans (id integer primary key, user_id integer not null,
        created_at text not null, amount numeric(12, 2) not null, months integer not null,
        status_code text not null, status_name text not null,
        monthly_payment numeric(12, 2) not null, effective_rate numeric(9, 4) not null);
      create index bare_loans_user on bare_loans (user_id)`);
    for (const [userId, { token }] of customers.entries()) {
      await client.query('insert into bare_sessions values ($1, $2)', [tokenHash(token), userId]);
      const shown = await fetch(`${productUrl}/api/loans-show`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { loans } = (await shown.json()) as { loans: Record<string, unknown>[] };
      for (const loan of loans) {
        const status = loan.loan_status as { code: string; name: string };
        await client.query('insert into bare_loans values ($1,$2,$3,$4,$5,$6,$7,$8,$9)', [
          loan.id,
          userId,
          loan.created_at,
          loan.amount,
          loan.months,
          status.code,
          status.name,
          loan.monthly_payment,
          loan.effective_rate,
        ]);
      }
    }
  } finally {
    await client.end();
  }
}

async function startBareReference(
  databaseUrl: string,
): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const bare = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-reference.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, bare);
  return { url, process: bare };
}

/**
 * Authenticated reads under load (`npm run bench`, or `node bench/api-throughput.ts` alone):
 * the product on the PostgreSQL server of BENCH_DATABASE_URL, in a database of its own, with
 * 16 customers made through the public API (sandbox SSO and SMS outbox), whom the support
 * search finds; beside it, in the same run and on the same server, the bare reference. (The
 * search at a million customers is `support-search.ts`'s.) Alternating rounds of each, 32 connections, a warm-up thrown
 * away; the medians are held to the budgets. Without BENCH_DATABASE_URL the product runs on
 * PGlite, there is no reference to compare with, and it says so.
 */
export async function apiThroughputBenchmark(): Promise<Measurement[]> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const scratch = serverUrl === undefined ? undefined : await createScratchDatabase(serverUrl);
  const product = await startProduct({
    ...(scratch && { DATABASE_URL: scratch.url }),
    LOG_LEVEL: 'error',
    // One load generator from one address: the per-address ceiling would measure itself.
    RATE_LIMIT_PER_MINUTE: '1000000000',
  });
  let bare: ChildProcess | undefined;
  try {
    const customers: BenchCustomer[] = [];
    for (let index = 1; index <= customerCount; index++) {
      customers.push(await customerThroughApi(product.url, index));
    }
    const support = await supportToken(product.url);
    const scenarios = [
      {
        name: 'GET /api/loans-show',
        target: { url: `${product.url}/api/loans-show`, pid: product.pid },
        tokens: customers.map((customer) => customer.token),
      },
      {
        name: 'GET /api/checking/users?search=ბერიძე',
        target: {
          url: `${product.url}/api/checking/users?search=${encodeURIComponent('ბერიძე')}`,
          pid: product.pid,
        },
        tokens: [support],
      },
    ];
    let reference: { target: Target; tokens: string[] } | undefined;
    if (scratch) {
      await fillBareTables(scratch.url, product.url, customers);
      const started = await startBareReference(scratch.url);
      bare = started.process;
      reference = {
        target: { url: `${started.url}/api/loans-show`, pid: bare.pid ?? Number.NaN },
        tokens: scenarios[0]?.tokens ?? [],
      };
    } else {
      console.log(
        'api throughput: on PGlite (no BENCH_DATABASE_URL), so without the bare reference',
      );
    }

    const measurements: Measurement[] = [];
    for (const scenario of scenarios) {
      await measure(scenario.target, scenario.tokens, load.warmUpSeconds);
      if (reference) await measure(reference.target, reference.tokens, load.warmUpSeconds);
      const rounds: { product: Round; bare?: Round }[] = [];
      for (let round = 1; round <= load.rounds; round++) {
        const measured = {
          product: await measure(scenario.target, scenario.tokens, load.roundSeconds),
          bare: reference && (await measure(reference.target, reference.tokens, load.roundSeconds)),
        };
        rounds.push(measured);
        const { product: p, bare: b } = measured;
        console.log(
          `${scenario.name} round ${round}: ${described(p)}` +
            (b
              ? ` | bare ${described(b)} | ratio ${(p.requestsPerSecond / b.requestsPerSecond).toFixed(2)}`
              : ''),
        );
      }
      const productRate = median(rounds.map((round) => round.product.requestsPerSecond));
      const onPostgres = reference !== undefined;
      measurements.push(
        { name: `${scenario.name}: req/s`, value: productRate, unit: 'req/s' },
        {
          name: `${scenario.name}: p50`,
          value: median(rounds.map((r) => r.product.p50)),
          unit: 'ms',
        },
        {
          name: `${scenario.name}: p99`,
          value: median(rounds.map((r) => r.product.p99)),
          unit: 'ms',
          ...(onPostgres && { budget: budgets.p99Ms }),
        },
        {
          name: `${scenario.name}: server CPU a request`,
          value: median(rounds.map((r) => r.product.serverCpu)),
          unit: 'µs',
        },
      );
      if (onPostgres) {
        const bareRate = median(rounds.map((round) => round.bare?.requestsPerSecond ?? 0));
        measurements.push(
          {
            name: `${scenario.name}: PostgreSQL CPU a request`,
            value: median(rounds.map((r) => r.product.postgresCpu)),
            unit: 'µs',
          },
          { name: `${scenario.name}: bare reference req/s`, value: bareRate, unit: 'req/s' },
          {
            name: `${scenario.name}: bare reference CPU a request`,
            value: median(rounds.map((r) => r.bare?.serverCpu ?? Number.NaN)),
            unit: 'µs',
          },
          {
            name: `${scenario.name}: bare reference PostgreSQL CPU a request`,
            value: median(rounds.map((r) => r.bare?.postgresCpu ?? Number.NaN)),
            unit: 'µs',
          },
          {
            name: `${scenario.name}: ratio to the bare reference`,
            value: productRate / bareRate,
            unit: '×',
            floor: budgets.ratio,
          },
        );
      }
    }
    return measurements;
  } finally {
    bare?.kill('SIGTERM');
    await product.stop();
    await scratch?.drop();
  }
}

// `node bench/api-throughput.ts` runs this benchmark alone.
if (import.meta.main && !report(await apiThroughputBenchmark())) process.exitCode = 1;
