import { Placeholder } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { minutesBefore } from '../apps/server/src/clock.ts';
import { absoluteMinutes, idleMinutes } from '../apps/server/src/modules/sessions/index.ts';
import { listWithSessionValues } from '../apps/server/src/modules/support/index.ts';
import {
  searchWithSession,
  type CustomerRow,
  type TotalledRow,
} from '../apps/server/src/modules/support/repository.ts';
import { tokenHash } from '../apps/server/src/security/tokens.ts';

/**
 * The bare references the API benchmark compares the product with: Fastify 5 and a `pg` pool
 * of 10. Run as its own process, like the product: `DATABASE_URL=… PORT=…`.
 * - `GET /api/loans-show`, the issue's reference: `loans-show`'s JSON after two primary-key
 *   reads, the session row by the token's hash, then the customer's applications. Its own two
 *   tables, in the product's database, hold the same rows.
 * - `GET /api/checking/users?search=`, the search's own reference: the product's statement of
 *   the support search (session, search, page and access-log row in one round trip), its text
 *   and values as the product's, prepared with `pg` alone, and its first page's JSON, with
 *   nothing of the product around it (no gates, validation, rate limit, headers, log lines
 *   or query builder). Beside the product, it tells the statement's cost from the server's.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const search = searchWithSession.statement.query;
const bearerToken = (authorization: string | undefined) =>
  /^Bearer (\S+)$/.exec(authorization ?? '')?.[1] ?? '';

const app = Fastify();
app.get('/readyz', () => ({ status: 'success' }));
app.get('/api/loans-show', async (request, reply) => {
  const hash = tokenHash(bearerToken(request.headers.authorization));
  const session = await pool.query<{ user_id: number }>({
    name: 'bare_session',
    text: 'select user_id from bare_sessions where token_hash = $1',
    values: [hash],
  });
  const userId = session.rows[0]?.user_id;
  if (userId === undefined) return reply.code(401).send({ status: 'error', message: '' });
  const loans = await pool.query({
    name: 'bare_loans',
    text: `select id, created_at, amount::float8 as amount, months, status_code, status_name,
                  monthly_payment::float8 as monthly_payment, effective_rate::float8 as effective_rate
           from bare_loans where user_id = $1 order by id desc`,
    values: [userId],
  });
  return {
    status: 'success',
    loans: loans.rows.map((row: Record<string, unknown>) => ({
      id: row.id,
      created_at: row.created_at,
      amount: row.amount,
      months: row.months,
      loan_status: { code: row.status_code, name: row.status_name },
      monthly_payment: row.monthly_payment,
      effective_rate: row.effective_rate,
    })),
  };
});

type SearchRow = { roles: string[]; alongside: TotalledRow[] };

app.get('/api/checking/users', async (request, reply) => {
  const { search: text = '' } = request.query as { search?: string };
  const now = new Date();
  const perPage = 15;
  const values: Record<string, unknown> = {
    ...listWithSessionValues({ search: text, page: 1, per_page: perPage }, request.ip, now),
    tokenHash: tokenHash(bearerToken(request.headers.authorization)),
    idleSince: minutesBefore(now, idleMinutes),
    begunSince: minutesBefore(now, absoluteMinutes),
    // The product runs in sandbox mode, its support account the sandbox seed's.
    sandboxAccounts: true,
  };
  const result = await pool.query<SearchRow>({
    name: 'bare_search',
    text: search.sql,
    values: search.params.map((param) =>
      param instanceof Placeholder ? values[(param as Placeholder).name] : param,
    ),
  });
  const [read] = result.rows;
  if (!read?.roles.includes('support')) return reply.code(401).send({ status: 'error' });
  const total = read.alongside[0]?.total ?? 0;
  const rows = read.alongside.filter(
    (row): row is CustomerRow & { total: number } => row.id !== null,
  );
  return {
    status: 'success',
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      surname: row.surname,
      document_type: row.documentTypeName === null ? null : { name: row.documentTypeName },
      document_number: row.documentNumber,
      identity_number: row.identityNumber,
      is_identomat_verified: row.isIdentomatVerified,
    })),
    current_page: 1,
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    total_capped: false,
  };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end());
});
