import { createHash } from 'node:crypto';
import { formatTimestamp } from '@sesxi/contract';
import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  customerDocuments,
  jobs,
  loanContracts,
  loanInstalments,
  payouts,
  sandboxPayouts,
  smsOutbox,
} from '#app/db/schema.ts';
import { ServiceUnavailableError } from '#app/errors.ts';
import { decisionCalls } from '#app/test/decisions.ts';
import {
  answerJson,
  startFakeHttpService,
  type FakeHttpService,
} from '#app/test/fake-http-service.ts';
import { loanStatusOf, loanTestApp } from '#app/test/loans.ts';
import { serviceAccount } from '#app/test/officers.ts';
import {
  requestPayoutAsSigning,
  signAgainOn,
  signedLoan,
  testIban,
} from '#app/test/signed-loans.ts';
import { testClock } from '#app/test/test-clock.ts';
import { createPayoutRepository } from './repository.ts';
import { sendPayoutJob } from './request.ts';
import { settlePayoutForWithdrawal } from './settle.ts';
import { lastPayoutView } from './view.ts';

const clock = testClock();
let app: FastifyInstance;
let close: () => Promise<void>;
let lender: FakeHttpService;
const calls = decisionCalls(() => app);

beforeAll(async () => {
  lender = await startFakeHttpService('/hooks/sesxi', (_request, response) =>
    answerJson(response, 200, {}),
  );
  ({ app, close } = await loanTestApp({
    clock,
    env: {
      WEBHOOK_URL: lender.url,
      WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 9).toString('base64')}`,
    },
  }));
});

afterAll(async () => {
  await close();
  lender.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

beforeEach(async () => {
  // What earlier tests left queued (texts, webhooks) is not this test's business.
  await app.jobs.runDue();
  lender.reset();
});

async function payoutsOf(loanId: number) {
  return app.database.db
    .select()
    .from(payouts)
    .where(eq(payouts.loanId, loanId))
    .orderBy(asc(payouts.id));
}

/** The texts the sandbox sent to `phone` about contract `number`, oldest first. */
async function textsAbout(phone: string, number: string) {
  await app.jobs.runDue();
  const rows = await app.database.db
    .select({ text: smsOutbox.text })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.phone, phone), like(smsOutbox.text, `%№${number})%`)))
    .orderBy(asc(smsOutbox.id));
  return rows.map((row) => row.text);
}

/** The lender's webhooks of `loanId` delivered so far. */
async function webhooksOf(loanId: number) {
  await app.jobs.runDue();
  return lender.requests
    .map(
      (request) => JSON.parse(request.body) as { type: string; data: { application_id: number } },
    )
    .filter((event) => event.data.application_id === loanId)
    .map((event) => event.type);
}

/** How often the sandbox bank was asked to pay the loan's payout with key `key`. */
async function bankTriesOf(key: string) {
  const [row] = await app.database.db
    .select()
    .from(sandboxPayouts)
    .where(eq(sandboxPayouts.idempotencyKey, key));
  return row;
}

/** The job that sends the loan's payout. */
async function payoutJobOf(loanId: number) {
  const sending = await app.database.db.select().from(jobs).where(eq(jobs.kind, sendPayoutJob));
  return sending.find((job) => (job.payload as { loanId: number }).loanId === loanId);
}

/** A withdrawal's payout side, as signing settles it: under the application's lock. */
function withdraw(loanId: number) {
  return app.database.db.transaction(async (tx) => {
    await createPayoutRepository(tx).lockApplication(loanId);
    return settlePayoutForWithdrawal(tx, loanId, clock.now());
  });
}

function nextStepOf(token: string, loanId: number) {
  return calls
    .loansShow(token)
    .then(
      (answer) =>
        answer
          .json<{ loans: { id: number; next_step: string | null }[] }>()
          .loans.find((loan) => loan.id === loanId)?.next_step,
    );
}

describe('a signed contract’s payout (PAYOUT_MODE=bank)', () => {
  it('pays the approved amount less the upfront fee at once: an active loan with its schedule, a text and loan.disbursed', async () => {
    const { id, user, number, documentId } = await signedLoan(app, calls, { paymentDay: 10 });
    const today = await app.businessCalendar.today();
    await requestPayoutAsSigning(app, { loanId: id, signedDocumentId: documentId });

    const [payout] = await payoutsOf(id);
    // 1,500 GEL less the standard product's 2% one-off fee.
    expect(payout).toMatchObject({
      state: 'paid',
      amountTetri: 147_000,
      iban: testIban,
      attempts: 1,
      signedDocumentId: documentId,
      bankReference: expect.stringMatching(/^SBX/) as string,
      paidAt: clock.now(),
      payoutDate: today,
    });
    expect(payout?.idempotencyKey).toMatch(/^sesxi-payout-[0-9a-f]{64}$/);
    expect(await loanStatusOf(app, id)).toBe('active');
    expect(await lastPayoutView(app.database.db, id)).toEqual({
      state: 'paid',
      bank_reference: payout?.bankReference,
      paid_at: formatTimestamp(clock.now()),
    });

    const instalments = await app.database.db
      .select()
      .from(loanInstalments)
      .where(eq(loanInstalments.loanId, id))
      .orderBy(asc(loanInstalments.number));
    expect(instalments).toHaveLength(12);
    // Paid out on the business date, 23 November: the first 10th at least 15 days on.
    expect(today).toBe('2026-11-23');
    expect(instalments.map((row) => row.dueDate).slice(0, 2)).toEqual(['2026-12-10', '2027-01-10']);
    expect(instalments.reduce((sum, row) => sum + row.principalTetri, 0)).toBe(150_000);
    expect(instalments.at(-1)?.balanceTetri).toBe(0);

    const texts = await textsAbout(user.phone, number);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('ჩაირიცხა თქვენს ანგარიშზე');
    expect(texts[0]).toContain(instalments[0]?.dueDate);
    expect(await webhooksOf(id)).toContain('loan.disbursed');

    // The schedule is one of the customer's documents: a PDF whose SHA-256 is of its bytes.
    const [document] = await app.database.db
      .select()
      .from(customerDocuments)
      .where(and(eq(customerDocuments.loanId, id), eq(customerDocuments.kind, 'schedule')));
    const bytes = await app.fileStorage.read(document?.storageKey ?? '');
    expect(document?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const [page] = (await extractText(await getDocumentProxy(new Uint8Array(bytes)))).text;
    for (const text of ['გადახდების გრაფიკი', '1470,00', '2026-12-10', number]) {
      expect(page).toContain(text);
    }
  });

  it('pays the account and runs the schedule on the day the signed document states, whatever the contract’s row says since', async () => {
    const { id, documentId } = await signedLoan(app, calls, { paymentDay: 10 });
    // A later choice changes the contract's row; the signed document stays what was signed.
    await app.database.db
      .update(loanContracts)
      .set({ iban: 'GE60TB0000000000000001', paymentDay: 20 })
      .where(eq(loanContracts.loanId, id));
    await requestPayoutAsSigning(app, { loanId: id, signedDocumentId: documentId });

    const [payout] = await payoutsOf(id);
    expect(payout).toMatchObject({ state: 'paid', iban: testIban });
    const [first] = await app.database.db
      .select()
      .from(loanInstalments)
      .where(eq(loanInstalments.loanId, id))
      .orderBy(asc(loanInstalments.number));
    expect(first?.dueDate).toBe('2026-12-10');
  });

  it('leaves the application signed when the bank refuses the account (97): the reason kept, a text, next_step change_account', async () => {
    const { id, user, token, number, documentId } = await signedLoan(app, calls, {
      ending: '97',
    });
    await requestPayoutAsSigning(app, { loanId: id, signedDocumentId: documentId });

    const [payout] = await payoutsOf(id);
    expect(payout).toMatchObject({
      state: 'refused',
      refusalReason: expect.stringMatching(/\S/) as string,
      bankReference: null,
      paidAt: null,
    });
    expect(await loanStatusOf(app, id)).toBe('signed');
    expect(await lastPayoutView(app.database.db, id)).toEqual({
      state: 'refused',
      bank_reference: null,
      paid_at: null,
    });
    const texts = await textsAbout(user.phone, number);
    expect(texts).toEqual([expect.stringContaining('მიუთითოთ სხვა ანგარიში')]);
    expect(await nextStepOf(token, id)).toBe('change_account');
    expect(await webhooksOf(id)).not.toContain('loan.disbursed');

    // Another account is another signed document: a new payout, under a new key.
    const again = await signAgainOn(app, { userId: user.id, id }, 'GE60TB0000000000000001');
    await requestPayoutAsSigning(app, { loanId: id, signedDocumentId: again });
    const [, second] = await payoutsOf(id);
    expect(second).toMatchObject({ signedDocumentId: again, iban: 'GE60TB0000000000000001' });
    expect(second?.idempotencyKey).not.toBe(payout?.idempotencyKey);
  });

  it('retries an unreachable bank (98) with backoff, the first retries within a minute, and pays once', async () => {
    const { id, user, token, number, documentId } = await signedLoan(app, calls, {
      ending: '98',
    });
    await requestPayoutAsSigning(app, { loanId: id, signedDocumentId: documentId });
    const jobOf = () => payoutJobOf(id);

    for (const tried of [1, 2]) {
      expect((await payoutsOf(id))[0]).toMatchObject({ state: 'sending', attempts: tried });
      expect(await nextStepOf(token, id)).toBe('wait_for_payout');
      const job = await jobOf();
      const wait = (job?.runAt.getTime() ?? Infinity) - clock.now().getTime();
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60_000);
      clock.advance(wait);
      await app.jobs.runDue();
    }

    const [payout] = await payoutsOf(id);
    expect(payout).toMatchObject({ state: 'paid', attempts: 3 });
    expect(await bankTriesOf(payout?.idempotencyKey ?? '')).toMatchObject({
      attempts: 3,
      bankReference: payout?.bankReference,
    });
    expect(await loanStatusOf(app, id)).toBe('active');
    expect((await jobOf())?.doneAt).not.toBeNull();

    // Nothing runs it again: one payout, one text, one webhook.
    clock.advance(3_600_000);
    await app.jobs.runDue();
    expect(await bankTriesOf(payout?.idempotencyKey ?? '')).toMatchObject({ attempts: 3 });
    expect(await textsAbout(user.phone, number)).toHaveLength(1);
    expect((await webhooksOf(id)).filter((type) => type === 'loan.disbursed')).toHaveLength(1);
  });

  it('keeps asking the bank that does not answer, hourly and without a last try, logging each try from the 12th at error level', async () => {
    const { id, documentId } = await signedLoan(app, calls);
    const pay = vi
      .spyOn(app.payoutBank, 'pay')
      .mockRejectedValue(new ServiceUnavailableError('payout_bank'));
    const error = vi.spyOn(app.log, 'error');
    await requestPayoutAsSigning(app, { loanId: id, signedDocumentId: documentId });
    const jobOf = () => payoutJobOf(id);

    // Past the old last try (60, about two days), three days of hourly tries.
    for (let tries = 1; tries < 80; tries += 1) {
      const job = await jobOf();
      expect(job?.deadAt).toBeNull();
      const wait = (job?.runAt.getTime() ?? Infinity) - clock.now().getTime();
      expect(wait).toBeLessThanOrEqual(3_600_000);
      clock.advance(wait);
      await app.jobs.runDue();
    }
    expect((await payoutsOf(id))[0]).toMatchObject({ state: 'sending', attempts: 80 });
    expect((await jobOf())?.deadAt).toBeNull();
    const unresolved = error.mock.calls
      .map(([fields]) => fields as { event?: string; loanId?: number; attempt?: number })
      .filter((fields) => fields.event === 'payout_unresolved' && fields.loanId === id);
    expect(unresolved.map((fields) => fields.attempt)).toEqual(
      Array.from({ length: 80 - 11 }, (_, index) => index + 12),
    );

    // The bank answers at last: paid once.
    pay.mockRestore();
    clock.advance(3_600_000);
    await app.jobs.runDue();
    expect((await payoutsOf(id))[0]).toMatchObject({ state: 'paid', attempts: 81 });
    expect(await loanStatusOf(app, id)).toBe('active');
  });

  it('never sends a payout a withdrawal cancelled before it was sent', async () => {
    const { id, documentId } = await signedLoan(app, calls);
    await requestPayoutAsSigning(
      app,
      { loanId: id, signedDocumentId: documentId },
      { sendNow: false },
    );
    expect(await withdraw(id)).toEqual({ outcome: 'not_paid' });

    await app.jobs.runDue();
    const [payout] = await payoutsOf(id);
    expect(payout).toMatchObject({ state: 'cancelled', attempts: 0 });
    expect(await bankTriesOf(payout?.idempotencyKey ?? '')).toBeUndefined();
    expect(await loanStatusOf(app, id)).toBe('signed');
  });

  it('answers a withdrawal paid once the money left, and 409 while the bank is being asked', async () => {
    const paid = await signedLoan(app, calls);
    await requestPayoutAsSigning(app, { loanId: paid.id, signedDocumentId: paid.documentId });
    const inFlight = await signedLoan(app, calls, { ending: '98' });
    await requestPayoutAsSigning(app, {
      loanId: inFlight.id,
      signedDocumentId: inFlight.documentId,
    });

    expect(await withdraw(paid.id)).toMatchObject({ outcome: 'paid' });
    await expect(withdraw(inFlight.id)).rejects.toMatchObject({
      statusCode: 409,
      messageKey: 'payout.inProgress',
    });
    expect((await payoutsOf(inFlight.id))[0]).toMatchObject({ state: 'sending' });
  });

  it('keeps one payout a loan that is neither refused nor cancelled', async () => {
    const { id, user, documentId } = await signedLoan(app, calls);
    await requestPayoutAsSigning(
      app,
      { loanId: id, signedDocumentId: documentId },
      { sendNow: false },
    );
    const again = await signAgainOn(app, { userId: user.id, id }, testIban);
    await expect(
      requestPayoutAsSigning(app, { loanId: id, signedDocumentId: again }, { sendNow: false }),
    ).rejects.toThrow();
    expect(await payoutsOf(id)).toHaveLength(1);
  });

  it('refuses a disbursement report while this server pays through the bank (409)', async () => {
    const { id } = await signedLoan(app, calls);
    const answer = await app.inject({
      method: 'POST',
      url: `/api/loans/${id}/disbursement`,
      headers: { ...(await serviceAccount(app, '598100001')), 'idempotency-key': 'core-1' },
      payload: { amount: 1470, paid_at: '2026-11-23 14:00:00', bank_reference: 'CORE-1' },
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      status: 'error',
      message: expect.stringContaining('PAYOUT_MODE') as string,
    });
    expect(await payoutsOf(id)).toEqual([]);
  });
});
