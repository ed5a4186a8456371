import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { tokenHash } from '../apps/server/src/security/tokens.ts';
import { createScratchDatabase } from '../apps/server/src/test/scratch-database.ts';
import { freePort, startProduct, waitUntilReady } from '../e2e/support/product.ts';
import { customerThroughApi, supportToken, type BenchCustomer } from './api-customers.ts';
import { cpuSnapshot, cpuUsed } from './cpu-time.ts';
import { report, type Measurement } from './measurement.ts';

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

/** A server under load and the tokens its requests take in turn. */
interface Load {
  target: Target;
  tokens: string[];
}

/**
 * One run of autocannon: `tokens` taken in turn, one per request. Beside the rates, the CPU
 * time a request of the server and of PostgreSQL: steadier than the rates on a machine whose
 * speed varies, and it says which of the two a change saved.
 */
async function measure({ target, tokens }: Load, seconds: number): Promise<Round> {
  const cpuBefore = cpuSnapshot(target.pid);
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
  const cpu = cpuUsed(cpuBefore, cpuSnapshot(target.pid));
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0)
    throw new Error(`${target.url}: ${failed} of ${result.requests.total} requests failed`);
  const requests = result.requests.total;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    serverCpu: cpu.process / requests,
    postgresCpu: cpu.postgres / requests,
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

/** The references a scenario is run beside (see bare-reference.ts). */
const referenceNames = {
  /** The issue's: two primary-key reads. */
  bare: 'bare reference',
  /** The product's own statement with nothing of the product around it. */
  statement: 'bare Fastify + the same statement',
} as const;

type ReferenceName = keyof typeof referenceNames;

/** A read put under load, and what it is held to (on PostgreSQL, beside its references). */
interface Scenario {
  name: string;
  path: string;
  tokens: string[];
  /** Whether the bare server also runs the product's own statement for this read. */
  statementReference?: boolean;
  budgets: { p99Ms: number; ratio: Partial<Record<ReferenceName, number>> };
}

/** What one round measures: the product, and each reference of its scenario in the same run. */
interface RoundMeasured {
  product: Round;
  references: Partial<Record<ReferenceName, Round>>;
}

/** A reference's medians of its rounds' rate and CPU times, each named after `label`. */
function roundMedians(label: string, rounds: Round[]): Measurement[] {
  return [
    {
      name: `${label} req/s`,
      value: median(rounds.map((r) => r.requestsPerSecond)),
      unit: 'req/s',
    },
    { name: `${label} CPU a request`, value: median(rounds.map((r) => r.serverCpu)), unit: 'µs' },
    {
      name: `${label} PostgreSQL CPU a request`,
      value: median(rounds.map((r) => r.postgresCpu)),
      unit: 'µs',
    },
  ];
}

/**
 * Authenticated reads under load (`npm run bench`, or `node bench/api-throughput.ts` alone):
 * the product on the PostgreSQL server of BENCH_DATABASE_URL, in a database of its own, with
 * 16 customers made through the public API (sandbox SSO and SMS outbox), whom the support
 * search finds; beside it, in the same run and on the same server, the bare reference, and
 * for the search also the bare server running the product's own statement. (The search at a
 * million customers is `support-search.ts`'s.) Alternating rounds of each, 32 connections, a
 * warm-up thrown away; the medians are held to the budgets. Without BENCH_DATABASE_URL the
 * product runs on PGlite, there is no reference to compare with, and it says so.
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
    const customerTokens = customers.map((customer) => customer.token);
    const support = await supportToken(product.url);
    // Decision 019: a customer's read keeps at least half the bare reference's rate; the
    // search, whose own statement is most of its cost, at least 0.8 of that statement served
    // bare, with a p99 of at most 25 ms.
    const scenarios: Scenario[] = [
      {
        name: 'GET /api/loans-show',
        path: '/api/loans-show',
        tokens: customerTokens,
        budgets: { p99Ms: 20, ratio: { bare: 0.5 } },
      },
      {
        name: 'GET /api/checking/users?search=ბერიძე',
        path: `/api/checking/users?search=${encodeURIComponent('ბერიძე')}`,
        tokens: [support],
        statementReference: true,
        budgets: { p99Ms: 25, ratio: { statement: 0.8 } },
      },
    ];
    let bareServer: Target | undefined;
    if (scratch) {
      await fillBareTables(scratch.url, product.url, customers);
      const started = await startBareReference(scratch.url);
      bare = started.process;
      bareServer = { url: started.url, pid: bare.pid ?? Number.NaN };
    } else {
      console.log(
        'api throughput: on PGlite (no BENCH_DATABASE_URL), so without the bare reference',
      );
    }

    const measurements: Measurement[] = [];
    for (const scenario of scenarios) {
      const loads: { product: Load } & Partial<Record<ReferenceName, Load>> = {
        product: {
          target: { url: product.url + scenario.path, pid: product.pid },
          tokens: scenario.tokens,
        },
        ...(bareServer && {
          bare: {
            target: { url: `${bareServer.url}/api/loans-show`, pid: bareServer.pid },
            tokens: customerTokens,
          },
          ...(scenario.statementReference && {
            statement: {
              target: { url: bareServer.url + scenario.path, pid: bareServer.pid },
              tokens: scenario.tokens,
            },
          }),
        }),
      };
      const references = (Object.keys(referenceNames) as ReferenceName[]).filter(
        (name) => loads[name] !== undefined,
      );
      await measure(loads.product, load.warmUpSeconds);
      for (const name of references) await measure(loads[name] as Load, load.warmUpSeconds);
      const rounds: RoundMeasured[] = [];
      for (let round = 1; round <= load.rounds; round++) {
        const measured: RoundMeasured = {
          product: await measure(loads.product, load.roundSeconds),
          references: {},
        };
        for (const name of references) {
          measured.references[name] = await measure(loads[name] as Load, load.roundSeconds);
        }
        rounds.push(measured);
        const ratioTo = (reference: Round) =>
          (measured.product.requestsPerSecond / reference.requestsPerSecond).toFixed(2);
        console.log(
          `${scenario.name} round ${round}: ${described(measured.product)}` +
            references
              .map((name) => {
                const reference = measured.references[name] as Round;
                return ` | ${referenceNames[name]} ${described(reference)}, ratio ${ratioTo(reference)}`;
              })
              .join(''),
        );
      }
      const productRounds = rounds.map((round) => round.product);
      const productRate = median(productRounds.map((r) => r.requestsPerSecond));
      const onPostgres = references.length > 0;
      measurements.push(
        { name: `${scenario.name}: req/s`, value: productRate, unit: 'req/s' },
        {
          name: `${scenario.name}: p50`,
          value: median(productRounds.map((r) => r.p50)),
          unit: 'ms',
        },
        {
          name: `${scenario.name}: p99`,
          value: median(productRounds.map((r) => r.p99)),
          unit: 'ms',
          ...(onPostgres && { budget: scenario.budgets.p99Ms }),
        },
        {
          name: `${scenario.name}: server CPU a request`,
          value: median(productRounds.map((r) => r.serverCpu)),
          unit: 'µs',
        },
        ...(onPostgres
          ? [
              {
                name: `${scenario.name}: PostgreSQL CPU a request`,
                value: median(productRounds.map((r) => r.postgresCpu)),
                unit: 'µs',
              },
            ]
          : []),
      );
      for (const name of references) {
        const referenceRounds = rounds.map((round) => round.references[name] as Round);
        const referenceRate = median(referenceRounds.map((r) => r.requestsPerSecond));
        measurements.push(
          ...roundMedians(`${scenario.name}: ${referenceNames[name]}`, referenceRounds),
          {
            name: `${scenario.name}: ratio to the ${referenceNames[name]}`,
            value: productRate / referenceRate,
            unit: '×',
            ...(scenario.budgets.ratio[name] !== undefined && {
              floor: scenario.budgets.ratio[name],
            }),
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
