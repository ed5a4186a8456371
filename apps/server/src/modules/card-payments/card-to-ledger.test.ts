import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerDocuments } from '#app/db/schema.ts';
import { bearer } from '#app/test/accounts.ts';
import { decisionCalls } from '#app/test/decisions.ts';
import { loanTestApp } from '#app/test/loans.ts';
import { serviceAccount } from '#app/test/officers.ts';
import { paidOutLoan } from '#app/test/signed-loans.ts';
import { testClock } from '#app/test/test-clock.ts';

// The card payment as a customer makes it, through the app as it is put together: the
// sandbox gateway's page, its signed callback over HTTP, and servicing's ledger.
const clock = testClock();
let app: FastifyInstance;
let close: () => Promise<void>;
let core: Record<string, string>;
const calls = decisionCalls(() => app);

beforeAll(async () => {
  ({ app, close } = await loanTestApp({ clock, listen: true, env: { PAYOUT_MODE: 'core' } }));
  core = await serviceAccount(app, '598200031');
});

afterAll(() => close());

interface Account {
  principal_outstanding: number;
  next_payment: { date: string; amount: number } | null;
  schedule: { date: string; principal: number; total: number; state: string }[];
  transactions: { kind: string; amount: number; reference: string | null }[];
}

async function accountOf(token: string, loanId: number): Promise<Account> {
  const answer = await app.inject({
    method: 'GET',
    url: `/api/loans/${loanId}/account`,
    headers: bearer(token),
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ account: Account }>().account;
}

/** The customer orders a card payment and presses `action` on the gateway's page. */
async function payByCard(
  token: string,
  loanId: number,
  body: Record<string, unknown>,
  action: 'approve' | 'decline',
) {
  const ordered = await app.inject({
    method: 'POST',
    url: `/api/loans/${loanId}/card-payments`,
    headers: bearer(token),
    payload: body,
  });
  expect(ordered.statusCode).toBe(200);
  const page = new URL(ordered.json<{ redirect_url: string }>().redirect_url).pathname;
  const answered = await app.inject({
    method: 'POST',
    url: page,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
  expect(answered.statusCode).toBe(303);
  expect(answered.headers.location).toMatch(new RegExp(`/loans/${loanId}$`));
}

describe('paying an instalment by card', () => {
  it('posts an approved payment to the loan’s ledger, and a declined one not at all', async () => {
    const loan = await paidOutLoan(app, calls, core, { ending: '31' });
    const before = await accountOf(loan.token, loan.id);
    const instalment = before.next_payment?.amount ?? 0;
    expect(instalment).toBeGreaterThan(0);

    await payByCard(loan.token, loan.id, { amount: instalment }, 'decline');
    expect((await accountOf(loan.token, loan.id)).transactions).toHaveLength(1);

    await payByCard(loan.token, loan.id, { amount: instalment }, 'approve');
    const after = await accountOf(loan.token, loan.id);
    expect(after.transactions.map(({ kind, amount }) => ({ kind, amount }))).toEqual([
      { kind: 'payout', amount: 1470 },
      { kind: 'payment', amount: instalment },
    ]);
    expect(after.principal_outstanding).toBeLessThan(before.principal_outstanding);
    expect(after.next_payment?.date).not.toBe(before.next_payment?.date);
  });

  it('takes a prepayment off the principal', async () => {
    const loan = await paidOutLoan(app, calls, core, { ending: '32' });
    const before = await accountOf(loan.token, loan.id);
    await payByCard(loan.token, loan.id, { amount: 300, purpose: 'prepayment' }, 'approve');
    const after = await accountOf(loan.token, loan.id);
    expect(after.transactions.at(-1)).toMatchObject({ kind: 'payment', amount: 300 });
    expect(after.principal_outstanding).toBeLessThan(before.principal_outstanding);
  });
});

/** The loan's schedule documents, oldest first: whether each is superseded, and its text. */
async function scheduleDocuments(loanId: number) {
  await app.jobs.runDue();
  const rows = await app.database.db
    .select()
    .from(customerDocuments)
    .where(and(eq(customerDocuments.loanId, loanId), eq(customerDocuments.kind, 'schedule')))
    .orderBy(asc(customerDocuments.id));
  return Promise.all(
    rows.map(async (row) => {
      const bytes = await app.fileStorage.read(row.storageKey);
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
        mergePages: true,
      });
      return { superseded: row.supersededAt !== null, text };
    }),
  );
}

describe('a prepayment by card changes the schedule', () => {
  const future = (account: Account) => account.schedule.filter(({ state }) => state !== 'paid');

  it('keeping the term: a lower instalment over the same dates, in a new schedule document', async () => {
    const loan = await paidOutLoan(app, calls, core, { ending: '33' });
    const before = await accountOf(loan.token, loan.id);
    await payByCard(
      loan.token,
      loan.id,
      { amount: 500, purpose: 'prepayment', keep: 'term' },
      'approve',
    );
    const after = await accountOf(loan.token, loan.id);

    expect(after.principal_outstanding).toBeLessThan(before.principal_outstanding - 400);
    const dates = (rows: Account['schedule']) => rows.map(({ date }) => date);
    expect(dates(future(after))).toEqual(dates(future(before)));
    for (const [index, row] of future(after).entries()) {
      expect(row.total).toBeLessThan(future(before)[index]?.total ?? 0);
    }
    expect(after.next_payment?.amount).toBeLessThan(before.next_payment?.amount ?? 0);
    // The prepayment is a row of its own, paid.
    const total = (rows: Account['schedule']) => rows.reduce((sum, row) => sum + row.principal, 0);
    expect(total(after.schedule)).toBeCloseTo(total(before.schedule), 2);
    expect(after.schedule.find(({ state }) => state === 'paid')?.principal).toBeGreaterThan(400);

    const documents = await scheduleDocuments(loan.id);
    expect(documents.map(({ superseded }) => superseded)).toEqual([true, false]);
    expect(documents[1]?.text).toContain('გადახდების განახლებული გრაფიკი');
    expect(documents[1]?.text).toContain('500,00');
  });

  it('keeping the payment (the default): the same instalment, fewer dates, in a new schedule document', async () => {
    const loan = await paidOutLoan(app, calls, core, { ending: '34' });
    const before = await accountOf(loan.token, loan.id);
    await payByCard(loan.token, loan.id, { amount: 500, purpose: 'prepayment' }, 'approve');
    const after = await accountOf(loan.token, loan.id);

    expect(future(after).length).toBeLessThan(future(before).length);
    expect(future(after)[1]?.total).toBe(future(before)[1]?.total);
    expect((await scheduleDocuments(loan.id)).map(({ superseded }) => superseded)).toEqual([
      true,
      false,
    ]);
  });
});
