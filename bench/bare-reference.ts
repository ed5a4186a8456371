import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * The bare reference the API benchmark compares the product with: Fastify 5 and a `pg` pool of
 * 10 answering `loans-show`'s JSON after two primary-key reads, the session row by the token's
 * hash, then the customer's applications. Its own two tables, in the product's database, hold
 * the same rows. Run as its own process, like the product: `DATABASE_URL=… PORT=…`.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const app = Fastify();
app.get('/readyz', () => ({ status: 'success' }));
app.get('/api/loans-show', async (request, reply) => {
  const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const hash = createHash('sha256').update(token).digest('base64url');
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

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end());
});
