import type { FastifyInstance } from 'fastify';
import pg from 'pg';

/** Whether the tests run on PostgreSQL, where two requests really hold two connections. */
export const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/** The backend's process id, which `pg` keeps on a connected client but does not type. */
const backendPid = (client: pg.Client) => (client as unknown as { processID: number }).processID;

/**
 * Makes two parties of a race meet at a statement, so that a lock (or a condition) that
 * serialises them is really tested: without it both would win.
 *
 * The first party to get through a statement matching `statement` is held once it has run
 * (its transaction still open, its row locks still held) until the second party has either
 * run the same statement too, or is waiting for a lock the first holds. Only then does the
 * first go on and commit. So a check-then-act without a lock lets both parties read before either writes,
 * and a lock shows itself by blocking the second party.
 *
 * On PGlite (one connection) the parties cannot overlap at all: the barrier steps aside and the
 * race runs serially. `finish()` puts the driver back and, on PostgreSQL, fails when the
 * parties never met (a test that claims a race must have raced). `arrived` resolves once the
 * first party has run the statement and is held (at once on PGlite): a test whose race must
 * have one party first starts the other then, and names only the first's statement.
 */
export function raceAt(app: FastifyInstance, statement: RegExp, { timeoutMs = 10_000 } = {}) {
  if (!onPostgres) return { arrived: Promise.resolve(), finish: () => Promise.resolve() };
  const pool = (app.database.db as unknown as { $client: pg.Pool }).$client;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its client as `this`
  const original = pg.Client.prototype.query as unknown as Query;
  let arrivals = 0;
  let secondSettled = false;
  let met = false;
  let firstHeld: Promise<void> | undefined;
  let firstArrived = () => {};
  const arrived = new Promise<void>((resolve) => {
    firstArrived = resolve;
  });

  async function holdFirst(firstPid: number) {
    const monitor = new pg.Client(pool.options);
    await monitor.connect();
    try {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (secondSettled) return (met = true);
        const blocked = (await original.call(
          monitor,
          'select count(*)::int as blocked from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
          [firstPid],
        )) as pg.QueryResult<{ blocked: number }>;
        if ((blocked.rows[0]?.blocked ?? 0) > 0) return (met = true);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return false;
    } finally {
      await monitor.end();
    }
  }

  function racing(this: pg.Client, ...args: unknown[]): unknown {
    const [config] = args;
    const text = typeof config === 'string' ? config : (config as { text?: unknown }).text;
    if (typeof text !== 'string' || !statement.test(text) || arrivals >= 2) {
      return original.apply(this, args);
    }
    arrivals += 1;
    const callback = args.findLast((arg) => typeof arg === 'function') as
      ((error: unknown, result?: unknown) => void) | undefined;
    const queryArgs = callback ? args.slice(0, args.indexOf(callback)) : args;
    const ran = original.apply(this, queryArgs) as Promise<unknown>;
    const pid = backendPid(this);
    // The first to get through the statement is held (not the first to send it: the other's
    // may have run first at the server, and this one then waits for it or fails).
    const answered = ran.then(
      async (result) => {
        if (firstHeld === undefined) {
          firstArrived();
          firstHeld = holdFirst(pid).then(() => undefined);
          await firstHeld;
        } else secondSettled = true;
        return result;
      },
      (error: unknown) => {
        if (firstHeld !== undefined) secondSettled = true;
        throw error;
      },
    );
    if (!callback) return answered;
    answered.then(
      (result) => {
        callback(null, result);
      },
      (error: unknown) => {
        callback(error);
      },
    );
    return undefined;
  }

  pg.Client.prototype.query = racing as unknown as typeof pg.Client.prototype.query;
  return {
    arrived,
    async finish() {
      pg.Client.prototype.query = original as unknown as typeof pg.Client.prototype.query;
      await firstHeld;
      if (!met) {
        throw new Error(
          `the two parties never met at ${String(statement)} (${arrivals} arrived): the test did not race`,
        );
      }
    },
  };
}
