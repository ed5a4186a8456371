import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';

interface Client {
  query: (...args: unknown[]) => unknown;
}

/**
 * What `run` asks of `app`'s database: how many statements it sends on their own (each a round
 * trip) and how many transactions it opens (each at least three). Counted at the driver (the
 * PGlite instance or the `pg` pool), under every repository and prepared statement.
 */
export async function databaseCallsOf<Result>(
  app: FastifyInstance,
  run: () => Promise<Result>,
): Promise<{ result: Result; statements: number; transactions: number }> {
  const { db } = app.database;
  const statement = vi.spyOn((db as unknown as { $client: Client }).$client, 'query');
  const transaction = vi.spyOn(db, 'transaction');
  try {
    const result = await run();
    return {
      result,
      statements: statement.mock.calls.length,
      transactions: transaction.mock.calls.length,
    };
  } finally {
    statement.mockRestore();
    transaction.mockRestore();
  }
}
