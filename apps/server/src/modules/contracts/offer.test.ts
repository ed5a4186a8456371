import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, smsOutbox } from '#app/db/schema.ts';
import { contractCalls, sha256Of } from '#app/test/contracts.ts';
import {
  answerJson,
  startFakeHttpService,
  type FakeHttpService,
} from '#app/test/fake-http-service.ts';
import { loanHistoryOf, loanStatusOf, loanTestApp } from '#app/test/loans.ts';
import { testClock } from '#app/test/test-clock.ts';

// 23 November 2026, 14:00 in Tbilisi: the business date until a test moves it.
const clock = testClock(new Date('2026-11-23T10:00:00Z'));
const webhookSecret = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
let app: FastifyInstance;
let close: () => Promise<void>;
let lender: FakeHttpService;
const {
  approved,
  awaitingSecondOfficer,
  officer,
  confirm,
  loansShow,
  choose,
  contractRowOf,
  documentRowsOf,
} = contractCalls(() => app);

beforeAll(async () => {
  lender = await startFakeHttpService('/hooks/sesxi', (_request, response) =>
    answerJson(response, 200, {}),
  );
  ({ app, close } = await loanTestApp({
    clock,
    env: { WEBHOOK_URL: lender.url, WEBHOOK_SECRET: webhookSecret, OFFER_VALID_DAYS: '5' },
  }));
});

afterAll(async () => {
  await close();
  lender.close();
});

const moveBusinessDate = async (date: string) => {
  const moved = await app.inject({ method: 'POST', url: '/api/dev/clock', payload: { date } });
  expect(moved.json()).toEqual({ status: 'success', date });
};

async function nextStepOf(token: string, id: number) {
  const { loans } = (await loansShow(token)).json<{
    loans: { id: number; next_step: string | null; loan_status: { code: string } }[];
  }>();
  const loan = loans.find((listed) => listed.id === id);
  return { nextStep: loan?.next_step, status: loan?.loan_status.code };
}

/** The types of the webhook events queued for application `id`, in order. */
async function eventsOf(id: number) {
  const rows = await app.database.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, 'webhook.deliver'), eq(jobs.orderingKey, `application:${id}`)))
    .orderBy(jobs.id);
  return rows.map((row) => (row.payload as { type: string }).type);
}

const textsTo = (phone: string) =>
  app.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));

describe('the binding offer', () => {
  it('is made with its documents when a single officer’s approval is final', async () => {
    const { id, token } = await approved();
    const contract = await contractRowOf(id);
    expect(contract).toMatchObject({
      number: `SX-2026-${String(id).padStart(6, '0')}`,
      status: 'offered',
      offeredOn: '2026-11-23',
      validUntil: '2026-11-28',
      paymentDay: 23,
      iban: null,
      signedDocumentId: null,
    });
    const documents = await documentRowsOf(id);
    expect(documents.map((document) => document.kind)).toEqual(['contract', 'key_terms']);
    expect(contract?.currentDocumentId).toBe(documents[0]?.id);
    for (const document of documents) {
      const bytes = await app.fileStorage.read(document.storageKey);
      expect(document.sha256).toBe(sha256Of(bytes));
      expect(document.size).toBe(bytes.length);
      expect(document.supersededAt).toBeNull();
    }
    expect(await nextStepOf(token, id)).toEqual({ nextStep: 'sign', status: 'approved' });
  });

  it('waits while the approval awaits a second officer, and is made on the confirmation', async () => {
    const { id, token } = await awaitingSecondOfficer();
    expect(await contractRowOf(id)).toBeUndefined();
    expect(await documentRowsOf(id)).toEqual([]);
    expect(await nextStepOf(token, id)).toEqual({ nextStep: null, status: 'under_review' });

    expect((await confirm(await officer('599000003'), id)).statusCode).toBe(200);
    expect(await contractRowOf(id)).toMatchObject({ status: 'offered', offeredOn: '2026-11-23' });
    expect(await nextStepOf(token, id)).toEqual({ nextStep: 'sign', status: 'approved' });
  });
});

describe('an offer left unsigned', () => {
  it('stands through its last day and expires at that day’s close, once', async () => {
    const { id, token, user } = await approved('12');
    await moveBusinessDate('2026-11-28');
    expect(await contractRowOf(id)).toMatchObject({ status: 'offered' });

    await moveBusinessDate('2026-11-29');
    expect(await loanStatusOf(app, id)).toBe('expired');
    expect(await contractRowOf(id)).toMatchObject({ status: 'expired' });
    expect((await loanHistoryOf(app, id)).at(-1)).toMatchObject({
      fromStatus: 'approved',
      toStatus: 'expired',
      reason: 'expire',
      actorUserId: null,
    });
    expect(await eventsOf(id)).toEqual([
      'application.submitted',
      'application.approved',
      'offer.expired',
    ]);
    await app.jobs.runDue();
    const expiredTexts = async () =>
      (await textsTo(user.phone)).filter((text) => text.text.includes('ვადა ამოიწურა'));
    expect((await expiredTexts()).map((text) => text.text)).toEqual([
      `Sesxi: განაცხადზე №${id} შეთავაზების ვადა ამოიწურა. შეგიძლიათ, შეიტანოთ ახალი განაცხადი.`,
    ]);
    expect(await nextStepOf(token, id)).toEqual({ nextStep: 'none', status: 'expired' });

    // Changing an expired offer is refused; later days find nothing more to expire.
    const late = await choose(token, id, { payment_day: 10, iban: 'GE29NB0000000101904917' });
    expect(late.statusCode).toBe(409);
    await moveBusinessDate('2026-12-01');
    expect(await app.businessCalendar.closeEndedDays()).toEqual([]);
    expect(await expiredTexts()).toHaveLength(1);
    expect(await eventsOf(id)).toHaveLength(3);
  });

  it('runs on the business date: an approval after a move is offered from the moved day', async () => {
    const { id } = await approved('13');
    expect(await contractRowOf(id)).toMatchObject({
      offeredOn: '2026-12-01',
      validUntil: '2026-12-06',
      paymentDay: 1,
    });
  });
});
