import { DrizzleQueryError } from 'drizzle-orm/errors';

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

/** PostgreSQL error codes meaning "cannot serve you now" rather than "your query is wrong". */
const unavailableSqlStates = new Set([
  '53300', // too_many_connections
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
]);

const unavailableMessages = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Cannot use a pool after calling end/i,
  /Client was closed and is not queryable/i,
  // A connection that died inside a transaction refuses the transaction's next statement.
  /Client has encountered a connection error and is not queryable/i,
  /PGlite is closed/i,
];

/**
 * True when an error means the database cannot be reached (down, restarting, closed), which
 * the API answers with 503 rather than 500. Drizzle wraps driver errors, so causes are followed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = 'code' in current && typeof current.code === 'string' ? current.code : '';
    if (networkCodes.has(code) || unavailableSqlStates.has(code) || code.startsWith('08')) {
      return true;
    }
    const { message } = current;
    if (unavailableMessages.some((pattern) => pattern.test(message))) return true;
    current = current.cause;
  }
  return false;
}

/**
 * What may be logged of an error: a failed Drizzle query keeps its SQL but not its parameters,
 * which can hold personal data.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const safe = new Error(`Failed query: ${error.query}`, { cause: error.cause });
  safe.name = 'DrizzleQueryError';
  return safe;
}
