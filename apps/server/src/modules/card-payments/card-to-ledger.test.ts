import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
