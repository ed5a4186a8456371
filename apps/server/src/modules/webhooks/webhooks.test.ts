import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '#app/app.ts';
import { jobs } from '#app/db/schema.ts';
import { createJobRepository, retryDelayMs } from '#app/modules/jobs/index.ts';
import { pruneExpired } from '#app/modules/housekeeping/index.ts';
import {
  answerJson,
  startFakeHttpService,
  type FakeHttpService,
} from '#app/test/fake-http-service.ts';
import { bearer } from '#app/test/accounts.ts';
import { consentedLoanViaApi, finishLoan, loanSsoToken, loanTestApp } from '#app/test/loans.ts';
import { onboardedCustomer } from '#app/test/onboarding.ts';
import { testClock } from '#app/test/test-clock.ts';
import { deliverWebhookJob, type WebhookEvent } from './events.ts';
import { webhookMaxAttempts } from './jobs.ts';

const clock = testClock();
const secret = `whsec_${randomBytes(32).toString('base64')}`;
let app: FastifyInstance;
let close: () => Promise<void>;
let lender: FakeHttpService;
let elsewhere: FakeHttpService;
let phones = 0;

beforeAll(async () => {
  lender = await startFakeHttpService('/hooks/sesxi', (_request, response) =>
    answerJson(response, 200, {}),
  );
  elsewhere = await startFakeHttpService('/stolen', (_request, response) =>
    answerJson(response, 200, {}),
  );
  ({ app, close } = await loanTestApp({
    clock,
    env: { WEBHOOK_URL: lender.url, WEBHOOK_SECRET: secret },
  }));
});

afterAll(async () => {
  await close();
  lender.close();
  elsewhere.close();
});

beforeEach(async () => {
  // Whatever earlier tests left undelivered is not this test's business.
  await app.jobs.runDue();
  lender.reset();
  elsewhere.reset();
});

/** A customer with an application submitted: `application.submitted` is queued. */
async function submitted() {
  phones += 1;
  const { user, token } = await onboardedCustomer(app, {
    phone: `59444${String(phones).padStart(4, '0')}`,
  });
  const id = await consentedLoanViaApi(app, token);
  const ssoToken = await loanSsoToken(app, {
    userId: user.id,
    loanId: id,
    personalNumber: user.identityNumber ?? '',
  });
  expect((await finishLoan(app, token, id, ssoToken)).statusCode).toBe(200);
  return { id, token };
}

const sentEvents = (service: FakeHttpService = lender) =>
  service.requests.map((request) => JSON.parse(request.body) as Omit<WebhookEvent, 'id'>);

const deliveriesOf = (applicationId: number) =>
  app.database.db
    .select()
    .from(jobs)
    .where(
      and(eq(jobs.kind, deliverWebhookJob), eq(jobs.orderingKey, `application:${applicationId}`)),
    )
    .orderBy(jobs.id);

describe('webhooks to the lender’s system', () => {
  it('are signed as Standard Webhooks sign them: the project’s own library verifies them', async () => {
    const { id } = await submitted();
    await app.jobs.runDue();
    const [delivered] = lender.requests;
    const headers = {
      'webhook-id': String(delivered?.headers['webhook-id']),
      'webhook-timestamp': String(delivered?.headers['webhook-timestamp']),
      'webhook-signature': String(delivered?.headers['webhook-signature']),
    };
    expect(headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    vi.useFakeTimers({ now: clock.now(), toFake: ['Date'] });
    try {
      expect(new Webhook(secret).verify(delivered?.body ?? '', headers)).toEqual({
        type: 'application.submitted',
        timestamp: clock.now().toISOString(),
        data: { application_id: id, sequence: 1 },
      });
      const otherSecret = `whsec_${randomBytes(32).toString('base64')}`;
      expect(() => new Webhook(otherSecret).verify(delivered?.body ?? '', headers)).toThrow();
      const forged = (delivered?.body ?? '').replace('"sequence":1', '"sequence":2');
      expect(() => new Webhook(secret).verify(forged, headers)).toThrow();
    } finally {
      vi.useRealTimers();
    }
  });

  it('are left by an instance without WEBHOOK_URL for one that has it', async () => {
    const silent = await buildApp(
      { ...app.config, webhooks: undefined, logLevel: 'silent' },
      { clock, database: { ...app.database, close: () => Promise.resolve() } },
    );
    try {
      const { id } = await submitted();
      await silent.jobs.runDue();
      expect(await deliveriesOf(id)).toMatchObject([{ attempts: 0, doneAt: null }]);
      await app.jobs.runDue();
      expect(sentEvents()).toEqual([
        expect.objectContaining({
          type: 'application.submitted',
          data: { application_id: id, sequence: 1 },
        }),
      ]);
    } finally {
      await silent.close();
    }
  });

  it('go out in order for one application: a retried one before those queued after it, cancellation included', async () => {
    const { id, token } = await submitted();
    lender.answerWith((_request, response) => answerJson(response, 503, {}));
    await app.jobs.runDue();
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/credit-info/${id}/cancel`,
      headers: bearer(token),
    });
    expect(cancelled.statusCode).toBe(200);
    lender.answerWith((_request, response) => answerJson(response, 200, {}));
    await app.jobs.runDue();
    expect(sentEvents().map((event) => event.type)).toEqual(['application.submitted']);

    clock.advance(retryDelayMs(1));
    await app.jobs.runDue();
    expect(sentEvents().map((event) => [event.type, event.data.sequence])).toEqual([
      ['application.submitted', 1],
      ['application.submitted', 1],
      ['application.cancelled', 2],
    ]);
    const ids = lender.requests.map((request) => request.headers['webhook-id']);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('are given up after a bounded number of tries, kept for operators to see', async () => {
    const { id } = await submitted();
    lender.answerWith((_request, response) => answerJson(response, 400, { error: 'bad' }));
    for (let attempt = 1; attempt <= webhookMaxAttempts; attempt += 1) {
      await app.jobs.runDue();
      clock.advance(3_600_000);
    }
    expect(lender.requests).toHaveLength(webhookMaxAttempts);
    const [delivery] = await deliveriesOf(id);
    expect(delivery).toMatchObject({
      attempts: webhookMaxAttempts,
      doneAt: null,
      lastError: "the lender's system answered HTTP 400",
    });
    expect(delivery?.deadAt).toBeInstanceOf(Date);
    await app.jobs.runDue();
    expect(lender.requests).toHaveLength(webhookMaxAttempts);
    const dead = await createJobRepository(app.database.db).dead(deliverWebhookJob);
    expect(dead.map((job) => job.id)).toContain(delivery?.id);
  });

  it('never follow a redirect, which would carry the signed body elsewhere', async () => {
    const { id } = await submitted();
    lender.answerWith((_request, response) => {
      response.statusCode = 307;
      response.setHeader('location', elsewhere.url);
      response.end();
    });
    await app.jobs.runDue();
    expect(lender.requests).toHaveLength(1);
    expect(elsewhere.requests).toHaveLength(0);
    expect(await deliveriesOf(id)).toMatchObject([
      { doneAt: null, lastError: "the lender's system answered HTTP 307" },
    ]);
  });

  it('are kept as long as the application, while other finished jobs are pruned after a week', async () => {
    const { id } = await submitted();
    await app.jobs.runDue();
    const [delivery] = await deliveriesOf(id);
    expect(delivery?.doneAt).toBeInstanceOf(Date);
    const later = new Date(clock.now().getTime() + 400 * 24 * 3_600_000);
    expect(await pruneExpired(app.database.db, later)).toBe(true);
    expect(await deliveriesOf(id)).toHaveLength(1);
    const left = await app.database.db.select({ kind: jobs.kind }).from(jobs);
    expect(new Set(left.map((job) => job.kind))).toEqual(new Set([deliverWebhookJob]));
  });
});
