import { formatTimestamp, loanStatusCodes, type LoanStatusCode } from '@sesxi/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents } from '#app/db/schema.ts';
import { bearer } from '#app/test/accounts.ts';
import {
  agreeToCreditInfo,
  consentedLoanViaApi,
  createLoanViaApi,
  loanHistoryOf,
  loanStatusOf,
  loanTestApp,
  postLoanForm,
  setLoanStatus,
} from '#app/test/loans.ts';
import { onboardedCustomer } from '#app/test/onboarding.ts';
import { testClock } from '#app/test/test-clock.ts';
import { phoneSeries } from '#app/test/unique.ts';
import { raceAt } from '#app/test/race.ts';
import { createConsentLedger } from '#app/modules/consents/index.ts';
import { textToHtml } from '#app/modules/content/index.ts';
import { loanTransitions, type LoanTransition } from './loan-states.ts';
import { createLoanRepository } from './repository.ts';

const clock = testClock();
const freshPhone = phoneSeries('5530');
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await loanTestApp({ clock }));
});

afterAll(() => close());

const customer = () => onboardedCustomer(app, { phone: freshPhone() });

const statusOf = (id: number) => loanStatusOf(app, id);
const historyOf = (id: number) => loanHistoryOf(app, id);
const newestWording = () =>
  createConsentLedger(app.database.db).currentWording('credit_information');

function creditConsentsOf(userId: number) {
  return app.database.db
    .select()
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.kind, 'credit_information')));
}

/** Each row starts where the one before ended: the history is one unbroken path. */
async function expectUnbrokenHistory(id: number) {
  const history = await historyOf(id);
  history.forEach((row, index) => {
    expect(row.fromStatus).toBe(index === 0 ? null : history[index - 1]?.toStatus);
  });
  expect(history.at(-1)?.toStatus).toBe(await statusOf(id));
}

const cancel = (token: string, id: number) =>
  app.inject({ method: 'POST', url: `/api/credit-info/${id}/cancel`, headers: bearer(token) });

/** What the customer can do to an application, through the API. */
const customerMoves: Record<
  'edit' | 'consent' | 'cancel',
  (token: string, id: number) => ReturnType<typeof cancel>
> = {
  edit: (token, id) => postLoanForm(app, token, { url: `/api/loan-edit/${id}`, file: null }),
  consent: (token, id) => agreeToCreditInfo(app, token, id),
  cancel,
};

/** The spec's state machine, written out: [move, from, to]; every other pair is refused. */
const allowed: [keyof typeof customerMoves, LoanStatusCode, LoanStatusCode][] = [
  ['edit', 'draft', 'draft'],
  ['edit', 'consented', 'draft'],
  ['consent', 'draft', 'consented'],
  ['consent', 'consented', 'consented'],
  ['cancel', 'draft', 'cancelled'],
  ['cancel', 'consented', 'cancelled'],
  ['cancel', 'submitted', 'cancelled'],
  ['cancel', 'under_review', 'cancelled'],
];

const refused = (['edit', 'consent', 'cancel'] as const).flatMap((move) =>
  loanStatusCodes
    .filter((from) => !allowed.some(([m, f]) => m === move && f === from))
    .map((from) => [move, from] as const),
);

describe('the customer’s moves', () => {
  it.each(allowed)('%s: %s → %s, with its history row', async (move, from, to) => {
    const { user, token } = await customer();
    const id = await createLoanViaApi(app, token);
    await setLoanStatus(app, id, from);
    const response = await customerMoves[move](token, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });
    expect(await statusOf(id)).toBe(to);
    expect((await historyOf(id)).at(-1)).toMatchObject({
      fromStatus: from,
      toStatus: to,
      actorUserId: user.id,
      reason: move,
    });
  });

  it.each(refused)('%s from %s: 409, nothing changed', async (move, from) => {
    const { token } = await customer();
    const id = await createLoanViaApi(app, token);
    await setLoanStatus(app, id, from);
    const historyBefore = await historyOf(id);
    const response = await customerMoves[move](token, id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: 'error',
      message:
        from === 'approved' || from === 'rejected'
          ? 'განაცხადზე გადაწყვეტილება უკვე მიღებულია, ამიტომ მისი შეცვლა ან გაუქმება აღარ შეიძლება'
          : 'განაცხადის ამჟამინდელ მდგომარეობაში ეს მოქმედება შეუძლებელია',
    });
    expect(await statusOf(id)).toBe(from);
    expect(await historyOf(id)).toEqual(historyBefore);
  });

  it('keeps a whole path in the history: create, consent, edit, consent, cancel', async () => {
    const { token } = await customer();
    const id = await consentedLoanViaApi(app, token);
    await customerMoves.edit(token, id);
    await customerMoves.consent(token, id);
    await cancel(token, id);
    expect((await historyOf(id)).map((row) => [row.fromStatus, row.toStatus, row.reason])).toEqual([
      [null, 'draft', 'create'],
      ['draft', 'consented', 'consent'],
      ['consented', 'draft', 'edit'],
      ['draft', 'consented', 'consent'],
      ['consented', 'cancelled', 'cancel'],
    ]);
  });
  it.each(['submitted', 'under_review'] as const)(
    'a %s application is withdrawn by its customer before a decision, who may then apply again',
    async (status) => {
      const { token } = await customer();
      const id = await createLoanViaApi(app, token);
      await setLoanStatus(app, id, status);
      // While it is open, a second application is refused, naming it.
      expect((await postLoanForm(app, token)).json()).toMatchObject({ loan_id: id });

      const withdrawn = await cancel(token, id);
      expect(withdrawn.statusCode).toBe(200);
      expect(withdrawn.json()).toEqual({ status: 'success' });
      const listed = await app.inject({ url: '/api/loans-show', headers: bearer(token) });
      expect(listed.json()).toMatchObject({
        loans: [{ id, loan_status: { code: 'cancelled', name: 'გაუქმებულია' } }],
      });
      expect((await postLoanForm(app, token)).statusCode).toBe(200);
      // Withdrawn once: a second cancel finds nothing to cancel.
      expect((await cancel(token, id)).statusCode).toBe(409);
    },
  );
});

describe('the lender’s moves', () => {
  const lender: [LoanTransition, LoanStatusCode, LoanStatusCode][] = [
    ['startReview', 'submitted', 'under_review'],
    ['approve', 'under_review', 'approved'],
    ['reject', 'under_review', 'rejected'],
    ['expire', 'approved', 'expired'],
  ];

  function move(id: number, userId: number, name: LoanTransition) {
    return app.database.db.transaction((tx) =>
      createLoanRepository(tx).transition(id, userId, name, {
        now: new Date(),
        actorUserId: userId,
      }),
    );
  }

  it.each(lender)('%s: %s → %s', async (name, from, to) => {
    const { user, token } = await customer();
    const id = await createLoanViaApi(app, token);
    await setLoanStatus(app, id, from);
    expect(await move(id, user.id, name)).toMatchObject({ from });
    expect(await statusOf(id)).toBe(to);
  });

  it.each(
    lender.flatMap(([name, from]) =>
      loanStatusCodes.filter((status) => status !== from).map((status) => [name, status] as const),
    ),
  )('%s from %s: refused', async (name, status) => {
    const { user, token } = await customer();
    const id = await createLoanViaApi(app, token);
    await setLoanStatus(app, id, status);
    expect(await move(id, user.id, name)).toBeUndefined();
    expect(await statusOf(id)).toBe(status);
  });

  it('leaves a decided application alone: none leaves rejected or cancelled, only the contract’s leave approved', () => {
    const movesFrom = (statuses: LoanStatusCode[]) =>
      Object.entries(loanTransitions)
        .filter(([, { from }]) => from.some((status: LoanStatusCode) => statuses.includes(status)))
        .map(([name]) => name);
    expect(movesFrom(['rejected', 'cancelled'])).toEqual([]);
    expect(movesFrom(['approved'])).toEqual(['expire']);
  });
});

describe('racing requests', () => {
  it('two cancels: one succeeds, the other answers 409', async () => {
    const { token } = await customer();
    const id = await createLoanViaApi(app, token);
    const race = raceAt(app, /update "loan_applications"/);
    const answers = await Promise.all([cancel(token, id), cancel(token, id)]);
    await race.finish();
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await historyOf(id)).filter((row) => row.toStatus === 'cancelled')).toHaveLength(1);
  });

  it('an edit and a cancel: the application ends cancelled with an unbroken history', async () => {
    const { token } = await customer();
    const id = await consentedLoanViaApi(app, token);
    const race = raceAt(app, /update "loan_applications"/);
    const [edited, cancelled] = await Promise.all([
      customerMoves.edit(token, id),
      cancel(token, id),
    ]);
    await race.finish();
    expect(cancelled.statusCode).toBe(200);
    expect([200, 409]).toContain(edited.statusCode);
    expect(await statusOf(id)).toBe('cancelled');
    await expectUnbrokenHistory(id);
  });
});

describe('GET /api/credit-info/:id', () => {
  it('answers the newest consent wording, paragraphs separated by newlines', async () => {
    const { token } = await customer();
    const id = await createLoanViaApi(app, token);
    const response = await app.inject({ url: `/api/credit-info/${id}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const newest = await newestWording();
    expect(response.json()).toEqual({
      status: 'success',
      credit_info_text: newest.body,
      credit_info_html: textToHtml(newest.body),
      credit_info_version: newest.version,
      credit_info_sha256: newest.sha256,
      agreed_at: null,
    });
    expect(newest.body.split('\n').length).toBeGreaterThan(1);
  });

  it('says when the consent that still counts was given, and no longer after an edit', async () => {
    const { token } = await customer();
    const id = await createLoanViaApi(app, token);
    await agreeToCreditInfo(app, token, id);
    const shown = () => app.inject({ url: `/api/credit-info/${id}`, headers: bearer(token) });
    expect((await shown()).json()).toMatchObject({ agreed_at: formatTimestamp(clock.now()) });
    await postLoanForm(app, token, { url: `/api/loan-edit/${id}`, file: null });
    expect((await shown()).json()).toMatchObject({ agreed_at: null });
  });
});

describe('POST /api/credit-info/:id', () => {
  it('records the consent in the ledger with the wording, time, address and browser', async () => {
    const { user, token } = await customer();
    const id = await createLoanViaApi(app, token);
    const response = await app.inject({
      method: 'POST',
      url: `/api/credit-info/${id}`,
      headers: { ...bearer(token), 'user-agent': 'vitest-browser/1.0' },
      payload: { credit_info: true, agreed_at: '2026-11-23 14:00:00' },
      remoteAddress: '10.53.0.7',
    });
    expect(response.statusCode).toBe(200);
    const wording = await newestWording();
    expect(await creditConsentsOf(user.id)).toEqual([
      expect.objectContaining({
        consentTextId: wording.id,
        textSha256: wording.sha256,
        agreedAt: clock.now(),
        ip: '10.53.0.7',
        userAgent: 'vitest-browser/1.0',
      }),
    ]);
  });

  it('answers a credit_info error for the unticked box, nothing recorded', async () => {
    const { user, token } = await customer();
    const id = await createLoanViaApi(app, token);
    const response = await app.inject({
      method: 'POST',
      url: `/api/credit-info/${id}`,
      headers: bearer(token),
      payload: { credit_info: '', agreed_at: '' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'გთხოვთ, გაასწოროთ მონიშნული ველები',
      credit_info: ['გთხოვთ, მონიშნოთ თანხმობა'],
    });
    expect(await statusOf(id)).toBe('draft');
    expect(await creditConsentsOf(user.id)).toEqual([]);
  });

  it('records no consent when the application cannot take one', async () => {
    const { user, token } = await customer();
    const id = await createLoanViaApi(app, token);
    await setLoanStatus(app, id, 'cancelled');
    expect((await agreeToCreditInfo(app, token, id)).statusCode).toBe(409);
    expect(await creditConsentsOf(user.id)).toEqual([]);
  });
});
