import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { rowsOf, type Database, type DatabaseConnection } from '../apps/server/src/db/database.ts';
import { openPglite } from '../apps/server/src/db/pglite.ts';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { seedDatabase } from '../apps/server/src/db/seed/seed.ts';
import { penaltyPpmOf } from '../apps/server/src/modules/servicing/late-costs.ts';
import { insertBulkCustomers } from '../apps/server/src/test/bulk-customers.ts';
import { createScratchDatabase } from '../apps/server/src/test/scratch-database.ts';
import { report, type Measurement } from './measurement.ts';

/** The budget for one close of day over 100,000 active loans on PostgreSQL. */
const budgetSeconds = 60;
const missedDays = 3;

/** `YYYY-MM-DD` `days` days after `day`. */
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Two identical databases: the product's close of day runs on one, the reference on the other. */
interface Twins {
  label: string;
  product: DatabaseConnection;
  reference: DatabaseConnection;
  drop: () => Promise<void>;
}

/**
 * On the PostgreSQL server of `BENCH_DATABASE_URL`: a database of its own seeded once and a
 * copy of it (its template), both dropped afterwards. On PGlite: two in memory, each seeded.
 */
async function openTwins(
  serverUrl: string | undefined,
  seed: (db: Database) => Promise<void>,
): Promise<Twins> {
  if (serverUrl === undefined) {
    const [product, reference] = [await openPglite(), await openPglite()];
    for (const { db } of [product, reference]) await seed(db);
    return { label: 'PGlite', product, reference, drop: () => Promise.resolve() };
  }
  const original = await createScratchDatabase(serverUrl);
  const copies = [original];
  try {
    const seeding = await openPostgres(original.url, () => {});
    await seed(seeding.db).finally(() => seeding.close());
    const copy = await createScratchDatabase(serverUrl, original.url);
    copies.push(copy);
    return {
      label: 'PostgreSQL',
      product: await openPostgres(original.url, () => {}),
      reference: await openPostgres(copy.url, () => {}),
      drop: async () => {
        for (const { drop } of copies) await drop();
      },
    };
  } catch (error) {
    for (const { drop } of copies) await drop();
    throw error;
  }
}

/**
 * `count` active loans as a lender's book looks on `day`, in a few INSERT … SELECT statements
 * over generate_series: each a customer's 12-month loan paid out on one of the 330 days before
 * (so about a thirtieth of them fall due on any day), its schedule (principal in equal parts,
 * 2% a month on the balance), its account with every instalment due before `day` paid, one
 * loan in ten with its latest one unpaid (overdue, with penalties), and its payout and the
 * payments in the ledger. Close of day has run through the day before.
 */
async function seedBook(db: Database, count: number, day: string): Promise<void> {
  await seedDatabase(db);
  await insertBulkCustomers(db, { count, phonePrefix: '5', identityPrefix: '' });
  const today = sql`${day}::date`;
  await db.execute(sql`
    insert into loan_applications (user_id, amount, months, loan_purpose_id, status,
      bank_statement_key, bank_statement_name, bank_statement_size, bank_statement_type,
      created_at, updated_at)
    select u.id, 1000 + (u.id % 50) * 100, 12, (select min(id) from loan_purposes), 'active',
      'bench', 'bench.pdf', 1, 'application/pdf', now(), now()
    from users u where not u.is_staff order by u.id`);
  await db.execute(sql`
    insert into loan_contracts (loan_id, number, status, offered_on, valid_until, payment_day,
      signed_at)
    select l.id, 'B-' || l.id, 'signed', payout.day - 3, payout.day + 4,
      least(28, extract(day from payout.day)::int), now()
    from loan_applications l
    cross join lateral (select ${today} - (1 + l.id % 330) as day) payout`);
  await db.execute(sql`
    insert into loan_instalments (loan_id, number, due_date, payment_tetri, principal_tetri,
      interest_tetri, fee_tetri, balance_tetri)
    select l.id, k, (payout.day + make_interval(months => k))::date, part.principal + part.interest,
      part.principal, part.interest, 0, part.balance
    from loan_applications l
    cross join lateral (
      select ${today} - (1 + l.id % 330) as day, (l.amount * 100)::int as principal
    ) payout
    cross join generate_series(1, 12) k
    cross join lateral (
      select
        case when k = 12 then payout.principal - payout.principal / 12 * 11
          else payout.principal / 12 end as principal,
        (payout.principal - payout.principal / 12 * (k - 1)) * 2 / 100 as interest,
        case when k = 12 then 0 else payout.principal - payout.principal / 12 * k end as balance
    ) part`);
  await db.execute(sql`
    create table bench_book as
    select l.id as loan_id, payout.day as paid_out_on, (l.amount * 100)::int as principal,
      l.id % 10 = 0 and past.due_date is not null as late,
      coalesce(past.principal, 0) as principal_past, coalesce(past.interest, 0) as interest_past,
      past.due_date as last_due, past.last_principal, past.last_interest,
      running.due_date = ${today} as due_today, running.interest as running_interest,
      running.due_date - coalesce(past.due_date, payout.day) as running_days,
      ${today} - coalesce(past.due_date, payout.day) as days_run
    from loan_applications l
    cross join lateral (select ${today} - (1 + l.id % 330) as day) payout
    cross join lateral (
      select max(i.due_date) as due_date, sum(i.principal_tetri)::int as principal,
        sum(i.interest_tetri)::int as interest,
        (array_agg(i.principal_tetri order by i.number desc))[1] as last_principal,
        (array_agg(i.interest_tetri order by i.number desc))[1] as last_interest
      from loan_instalments i where i.loan_id = l.id and i.due_date < ${today}
    ) past
    cross join lateral (
      select i.due_date, i.interest_tetri as interest from loan_instalments i
      where i.loan_id = l.id and i.due_date >= ${today} order by i.number limit 1
    ) running`);
  await db.execute(sql`
    insert into loan_accounts (loan_id, paid_out_on, principal_tetri, principal_paid_tetri,
      interest_accrued_tetri, interest_due_tetri, interest_overdue_tetri, penalty_due_tetri,
      late_costs_tetri, accrued_through)
    select b.loan_id, b.paid_out_on, b.principal, paid.principal,
      case when b.due_today then 0 else b.running_interest * b.days_run / b.running_days end,
      case when b.due_today then b.running_interest else 0 end,
      case when b.late then b.last_interest else 0 end,
      late.penalty, late.penalty, ${today} - 1
    from bench_book b
    cross join lateral (
      select b.principal_past - case when b.late then b.last_principal else 0 end as principal
    ) paid
    cross join lateral (
      select case when b.late then least(
        (b.principal - paid.principal)::bigint * 2700 / 1000000 * (${today} - b.last_due - 1),
        (b.principal - paid.principal) * 3 / 2)::int else 0 end as penalty
    ) late`);
  await db.execute(sql`
    insert into loan_transactions (loan_id, kind, amount_tetri, principal_tetri, interest_tetri,
      channel, reference, business_date)
    select b.loan_id, 'payout', b.principal, b.principal, 0, null, null, b.paid_out_on
    from bench_book b
    union all
    select b.loan_id, 'payment', paid.principal + paid.interest, paid.principal, paid.interest,
      'core', 'bench-' || b.loan_id, ${today} - 1
    from bench_book b
    cross join lateral (
      select b.principal_past - case when b.late then b.last_principal else 0 end as principal,
        b.interest_past - case when b.late then b.last_interest else 0 end as interest
    ) paid
    where paid.principal > 0`);
  await db.execute(sql`drop table bench_book`);
  await db.execute(sql`
    insert into business_calendar (id, closed_through, moved_to)
    values (1, ${today} - 1, ${today})`);
  await db.execute(sql`vacuum analyze`);
}

/**
 * The reference: the same day's accrual (close-of-day.ts's rules) written as one plain
 * statement, the schedule read once with a window rather than per loan; no locks, no
 * reminders, no calendar.
 */
async function plainAccrual(db: Database, day: string, penaltyPpmDaily: number) {
  const today = sql`${day}::date`;
  await db.execute(sql`
    with schedule as (
      select i.loan_id, i.number, i.due_date, i.principal_tetri, i.interest_tetri,
        i.balance_tetri + i.principal_tetri as opening,
        lag(i.due_date) over (partition by i.loan_id order by i.number) as previous_due
      from loan_instalments i
    ),
    per_loan as (
      select loan_id,
        coalesce(sum(principal_tetri) filter (where due_date < ${today}), 0) as principal_before,
        sum(principal_tetri) as principal_total,
        bool_or(due_date = ${today}) as due_today,
        min(number) filter (where due_date > ${today}) as period
      from schedule group by loan_id
    ),
    charges as (
      select a.loan_id,
        case when a.interest_overdue_tetri > 0
            or p.principal_before - a.principal_paid_tetri
              - greatest(0, a.principal_prepaid_tetri - (p.principal_total - p.principal_before)) > 0
          then least(o.outstanding * ${penaltyPpmDaily}::bigint / 1000000,
            greatest(0, o.outstanding * 3 / 2 - a.late_costs_tetri))
          else 0 end::int as penalty,
        coalesce(case when s.opening > 0 and s.due_date > start.day and ${today} >= start.day then
          s.interest_tetri::bigint * o.outstanding * (${today} - start.day + 1)
            / (s.opening::bigint * (s.due_date - start.day))
          - s.interest_tetri::bigint * o.outstanding * (${today} - start.day)
            / (s.opening::bigint * (s.due_date - start.day))
        end, 0)::int as interest,
        coalesce(s.due_date = ${today} + 1, false) as period_ends,
        p.due_today
      from loan_accounts a
      join loan_applications l on l.id = a.loan_id and l.status = 'active'
      join per_loan p on p.loan_id = a.loan_id
      left join schedule s on s.loan_id = a.loan_id and s.number = p.period
      cross join lateral (
        select (a.principal_tetri - a.principal_paid_tetri - a.principal_prepaid_tetri)::bigint
          as outstanding
      ) o
      cross join lateral (select coalesce(s.previous_due, a.paid_out_on) as day) start
      where a.accrued_through < ${today}
    ),
    closed as (
      update loan_accounts a set
        penalty_due_tetri = a.penalty_due_tetri + c.penalty,
        late_costs_tetri = a.late_costs_tetri + c.penalty,
        interest_overdue_tetri = a.interest_overdue_tetri
          + case when c.due_today then a.interest_due_tetri else 0 end,
        interest_due_tetri = case when c.due_today then 0 else a.interest_due_tetri end
          + case when c.period_ends
            then a.interest_accrued_tetri + c.interest - least(a.interest_prepaid_tetri, c.interest)
            else 0 end,
        interest_accrued_tetri = case when c.period_ends then 0
          else a.interest_accrued_tetri + c.interest - least(a.interest_prepaid_tetri, c.interest)
          end,
        interest_prepaid_tetri = a.interest_prepaid_tetri - least(a.interest_prepaid_tetri, c.interest),
        accrued_through = ${today}
      from charges c where c.loan_id = a.loan_id
      returning a.loan_id, c.interest, c.penalty
    )
    insert into loan_transactions (loan_id, kind, amount_tetri, business_date)
    select loan_id, 'interest_accrual', interest, ${today} from closed where interest > 0
    union all
    select loan_id, 'penalty', penalty, ${today} from closed where penalty > 0`);
}

/** What a day's accrual left: the accounts' totals and the ledger's rows of the day, as text. */
async function accruedTotals(db: Database, day: string): Promise<string> {
  const [accounts] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select count(*) filter (where accrued_through = ${day}::date) as closed,
        sum(interest_accrued_tetri) as accrued, sum(interest_due_tetri) as due,
        sum(interest_overdue_tetri) as overdue, sum(penalty_due_tetri) as penalty,
        sum(late_costs_tetri) as late_costs
      from loan_accounts`),
  );
  const ledger = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select kind, count(*) as rows, sum(amount_tetri) as amount from loan_transactions
      where business_date = ${day}::date and kind in ('interest_accrual', 'penalty')
      group by kind order by kind`),
  );
  return JSON.stringify({ accounts, ledger });
}

/** A log stream that keeps how long each close of day's steps took, day by day. */
function closeOfDayLog() {
  const days: { day: string; stepMs: Record<string, number> }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.includes('"close_of_day"')) continue;
        const { day, stepMs } = JSON.parse(line) as (typeof days)[number];
        days.push({ day, stepMs });
      }
      done();
    },
  });
  return { stream, days };
}

async function seconds(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

/**
 * Close of day at scale (`npm run bench`): seeds BENCH_LOANS active loans (default 100,000 on
 * the PostgreSQL server of BENCH_DATABASE_URL, 5,000 on PGlite) and a copy of them, runs the
 * product's own close of day (every step the app registers: accrual, reminders, offer expiry)
 * for one day and then for `missedDays` days missed, and the same day's accrual written as one
 * plain statement on the copy. The two must leave the same totals. One day on PostgreSQL is held
 * to the 60 s budget.
 */
export async function closeOfDayBenchmark(): Promise<Measurement[]> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const count = Number(process.env.BENCH_LOANS ?? (serverUrl ? 100_000 : 5_000));
  if (!Number.isInteger(count) || count < 100) throw new Error('BENCH_LOANS: at least 100');
  // Well after today in Tbilisi, so that the business date is the one the bench moves to.
  const day = plusDays(new Date().toISOString().slice(0, 10), 30);
  const seeding = performance.now();
  const twins = await openTwins(serverUrl, (db) => seedBook(db, count, day));
  const scale = `${count.toLocaleString('en')} loans, ${twins.label}`;
  console.log(
    `seeded ${scale} (and a copy) in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  const storageDir = await mkdtemp(path.join(tmpdir(), 'sesxi-bench-'));
  try {
    const config = loadConfig({
      LOG_LEVEL: 'info',
      JOB_POLL_MS: '0',
      METRICS_PORT: '0',
      STORAGE_DIR: storageDir,
      WEB_DIST_DIR: path.join(storageDir, 'no-web-dist'),
      // The loan.overdue webhooks are queued as in production (never delivered here).
      WEBHOOK_URL: 'http://127.0.0.1:9/hooks',
      WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
    });
    const log = closeOfDayLog();
    const app = await buildApp(config, { database: twins.product, logStream: log.stream });
    const { db } = twins.product;
    try {
      const oneDay = await seconds(() => app.businessCalendar.moveTo(plusDays(day, 1)));
      const reference = await seconds(() =>
        plainAccrual(twins.reference.db, day, penaltyPpmOf(config.penaltyRateDaily)),
      );
      const [product, expected] = [
        await accruedTotals(db, day),
        await accruedTotals(twins.reference.db, day),
      ];
      if (product !== expected) {
        throw new Error(`close of day and the reference differ:\n${product}\n${expected}`);
      }
      const [queued] = rowsOf<{ texts: number }>(
        await db.execute(sql`select count(*)::int as texts from jobs where kind = 'sms.send'`),
      );
      console.log(
        `close of day ${day}: ${queued?.texts} reminders queued; totals as the reference's`,
      );
      const catchUp = await seconds(() =>
        app.businessCalendar.moveTo(plusDays(day, 1 + missedDays)),
      );
      for (const { day: closed, stepMs } of log.days) {
        console.log(`closed ${closed}: ${JSON.stringify(stepMs)} ms`);
      }
      return [
        {
          name: `close of day, 1 day (${scale})`,
          value: oneDay,
          unit: 's',
          ...(twins.label === 'PostgreSQL' && { budget: budgetSeconds }),
        },
        {
          name: `reference: the day's accrual as one plain statement`,
          value: reference,
          unit: 's',
        },
        { name: 'close of day ÷ reference', value: oneDay / reference, unit: '×' },
        ...Object.entries(log.days[0]?.stepMs ?? {}).map(([step, ms]) => ({
          name: `  of which the step ${step}`,
          value: ms / 1000,
          unit: 's',
        })),
        {
          name: `close of day, ${missedDays} missed days (${scale})`,
          value: catchUp,
          unit: 's',
          ...(twins.label === 'PostgreSQL' && { budget: budgetSeconds * missedDays }),
        },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await twins.reference.close();
    await twins.drop();
    await rm(storageDir, { recursive: true, force: true });
  }
}

// `node bench/close-of-day.ts` runs this benchmark alone, without building the web app.
if (import.meta.main && !report(await closeOfDayBenchmark())) process.exitCode = 1;
