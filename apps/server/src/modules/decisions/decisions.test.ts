import { computeOffer, formatTimestamp, tbilisiDate, type LoanPricing } from '@sesxi/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accessLog,
  jobs,
  loanApplications,
  loanOfferSnapshots,
  loanProducts,
  smsOutbox,
  users,
} from '#app/db/schema.ts';
import { sandboxStaffAccounts } from '#app/sandbox/staff-accounts.ts';
import { bearer, sandboxSupportToken } from '#app/test/accounts.ts';
import { decisionCalls, fifteenThousand } from '#app/test/decisions.ts';
import {
  answerJson,
  startFakeHttpService,
  type FakeHttpService,
} from '#app/test/fake-http-service.ts';
import { completedDocumentCheck } from '#app/test/identity-checks.ts';
import { consentedLoanViaApi, loanTestApp } from '#app/test/loans.ts';
import { serviceAccount } from '#app/test/officers.ts';
import { onboardedCustomer } from '#app/test/onboarding.ts';
import { testClock } from '#app/test/test-clock.ts';

const clock = testClock();
const webhookSecret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
let app: FastifyInstance;
let close: () => Promise<void>;
let lender: FakeHttpService;
const {
  officer,
  submittedApplication,
  inReview,
  awaitingSecondOfficer,
  call,
  take,
  approve,
  confirm,
  reject,
} = decisionCalls(() => app);

beforeAll(async () => {
  lender = await startFakeHttpService('/hooks/sesxi', (_request, response) =>
    answerJson(response, 200, { ok: true }),
  );
  ({ app, close } = await loanTestApp({
    clock,
    env: { WEBHOOK_URL: lender.url, WEBHOOK_SECRET: webhookSecret },
  }));
});

afterAll(async () => {
  await close();
  lender.close();
});

beforeEach(() => {
  lender.reset();
});

async function textsTo(phone: string) {
  return app.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
}

describe('who may decide', () => {
  it('answers 401 without a session, 403 to customers and to staff without the role', async () => {
    const { token, id } = await submittedApplication();
    const support = bearer(await sandboxSupportToken(app));
    const calls: [method: 'GET' | 'POST', url: string, body?: object][] = [
      ['GET', '/api/applications'],
      ['GET', '/api/rejection-reasons'],
      ['GET', `/api/applications/${id}`],
      ['GET', `/api/applications/${id}/bank-statement`],
      ['POST', `/api/applications/${id}/review`],
      ['POST', `/api/applications/${id}/approve`, { amount: 100, months: 3 }],
      ['POST', `/api/applications/${id}/confirm`],
      ['POST', `/api/applications/${id}/reject`, { reason_codes: ['overdue_debt'] }],
    ];
    for (const [method, url, body] of calls) {
      expect([url, (await call({}, method, url, body)).statusCode]).toEqual([url, 401]);
      expect([url, (await call(bearer(token), method, url, body)).statusCode]).toEqual([url, 403]);
      expect([url, (await call(support, method, url, body)).statusCode]).toEqual([url, 403]);
    }
  });
});

describe('the queue', () => {
  it('lists submitted applications oldest first, filters, searches, and logs the read', async () => {
    const older = await submittedApplication();
    clock.advance(3_600_000);
    const newer = await submittedApplication();
    const headers = await officer('599000002');
    const page = await call(headers, 'GET', '/api/applications?per_page=100');
    expect(page.statusCode).toBe(200);
    const ids = page.json<{ data: { id: number }[] }>().data.map((row) => row.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(page.json()).toMatchObject({ current_page: 1, per_page: 100 });

    expect((await take(headers, older.id)).statusCode).toBe(200);
    const inReview = await call(
      headers,
      'GET',
      '/api/applications?status=under_review&per_page=100',
    );
    const reviewed = inReview.json<{ data: { id: number; assigned_officer: unknown }[] }>().data;
    expect(reviewed.map((row) => row.id)).toContain(older.id);
    expect(reviewed.map((row) => row.id)).not.toContain(newer.id);
    expect(reviewed.find((row) => row.id === older.id)).toMatchObject({
      assigned_officer: { name: sandboxStaffAccounts[1]?.name },
      bureau: { state: 'ready', serious_overdue: false },
      age_hours: 1,
    });

    const byId = await call(headers, 'GET', `/api/applications?search=${newer.id}`);
    expect(byId.json<{ data: { id: number }[] }>().data.map((row) => row.id)).toEqual([newer.id]);
    const logged = await app.database.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.action, 'applications.list'));
    expect(logged.length).toBeGreaterThanOrEqual(3);
  });
});

describe('the review', () => {
  it('shows the offer, the bureau report, the consents and the history, and logs every read', async () => {
    const { user, token, id } = await submittedApplication();
    await completedDocumentCheck(app, token);
    const headers = await officer('599000002');
    const response = await call(headers, 'GET', `/api/applications/${id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      application: {
        id,
        status: { code: 'submitted' },
        bank_statement: { type: 'application/pdf' },
      },
      customer: { id: user.id, is_sda_verified: true },
      questionnaire: { salary: 1500.5 },
      offer: {
        offer: { effective_rate: expect.any(Number) as number },
        affordability: { fits: true },
      },
      bureau: { state: 'ready', obligations: 150.05, declared_obligations: 0 },
      recommendation: { verdict: 'approve' },
      decision: null,
    });
    const consents = (body.consents as { kind: string; version: number }[]).map(
      (consent) => consent.kind,
    );
    // The test customer was made without the registration screen, so without its privacy consent.
    expect(consents).toEqual(['sda_information', 'credit_information']);
    expect((body.history as { to: string }[]).map((entry) => entry.to)).toEqual([
      'draft',
      'consented',
      'submitted',
    ]);

    const statement = await call(headers, 'GET', `/api/applications/${id}/bank-statement`);
    expect(statement.statusCode).toBe(200);
    expect(statement.headers['content-type']).toBe('application/pdf');
    // Named from the application and the sniffed type, not by the customer ('ამონაწერი.pdf').
    expect(statement.headers['content-disposition']).toBe(
      `attachment; filename="bank-statement-${id}.pdf"`,
    );
    expect(statement.headers['x-content-type-options']).toBe('nosniff');
    expect(statement.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const reads = await app.database.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.actorUserId, await officerId('599000002')));
    expect(reads.map((row) => row.action)).toEqual(
      expect.arrayContaining(['applications.show', 'applications.bank_statement']),
    );
    expect(
      reads
        .filter((row) => row.action !== 'applications.list')
        .every((row) => row.subjectUserIds.includes(user.id)),
    ).toBe(true);
  });

  it('flags a bureau loan 90 days overdue (…95) and recommends rejecting', async () => {
    const { id } = await submittedApplication('95');
    const response = await call(await officer('599000002'), 'GET', `/api/applications/${id}`);
    expect(response.json()).toMatchObject({
      bureau: { state: 'ready', report: { loans: [{ overdue_days: 120 }] } },
      recommendation: {
        verdict: 'reject',
        against: expect.arrayContaining([
          'საკრედიტო ბიუროში სესხი 120 დღით არის ვადაგადაცილებული',
        ]) as string[],
      },
    });
  });

  it('shows the report pending while the bureau is unreachable (…96)', async () => {
    const { id } = await submittedApplication('96');
    const response = await call(await officer('599000003'), 'GET', `/api/applications/${id}`);
    expect(response.json()).toMatchObject({
      bureau: { state: 'pending', attempts: 1 },
      recommendation: { verdict: 'review' },
    });
  });

  it('answers 404 for an application that was never submitted, or none', async () => {
    const { token } = await onboardedCustomer(app, { phone: '593399901' });
    const draft = await consentedLoanViaApi(app, token);
    const headers = await officer('599000002');
    expect((await call(headers, 'GET', `/api/applications/${draft}`)).statusCode).toBe(404);
    expect((await call(headers, 'GET', '/api/applications/99999999')).statusCode).toBe(404);
  });
});

async function officerId(phone: string): Promise<number> {
  const [staff] = await app.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, phone));
  return staff?.id ?? 0;
}

describe('approving', () => {
  it('approves terms up to the threshold at once: the customer sees them and gets a text', async () => {
    const { user, token, id, first } = await inReview();
    const approved = await approve(first, id, { amount: '1200,00', months: 10 });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      decision: {
        state: 'approved',
        amount: 1200,
        months: 10,
        monthly_payment: expect.any(Number) as number,
      },
    });
    // The review's pricing computes, for the terms, the offer the approval recorded.
    const { approval: forDialog } = (await call(first, 'GET', `/api/applications/${id}`)).json<{
      approval: { pricing: LoanPricing; second_officer_from: number };
    }>();
    expect(forDialog.second_officer_from).toBe(10_000);
    const offer = computeOffer(
      forDialog.pricing,
      { amount: 1200, months: 10 },
      tbilisiDate(clock.now()),
    );
    expect(approved.json()).toMatchObject({
      decision: { monthly_payment: offer.monthly_payment, effective_rate: offer.effective_rate },
    });
    const shown = await call(bearer(token), 'GET', '/api/loans-show');
    const [loan] = shown.json<{ loans: { decision: Record<string, unknown> }[] }>().loans;
    expect(loan?.decision).toMatchObject({
      state: 'approved',
      amount: 1200,
      months: 10,
      reasons: [],
    });
    // The approved terms' schedule, as the approval computed it.
    const [approval] = await app.database.db
      .select({ schedule: loanOfferSnapshots.schedule })
      .from(loanOfferSnapshots)
      .where(
        and(eq(loanOfferSnapshots.applicationId, id), eq(loanOfferSnapshots.kind, 'approval')),
      );
    expect(loan?.decision.schedule).toEqual(approval?.schedule);
    expect(loan?.decision.schedule).toHaveLength(10);
    expect(loan?.decision.schedule).toContainEqual(
      expect.objectContaining({ number: 10, balance: 0 }),
    );
    const [text] = await textsTo(user.phone).then((texts) =>
      texts.filter((t) => t.text.includes('დამტკიცდა')),
    );
    expect(text?.text).toMatch(
      /^Sesxi: განაცხადი №\d+ დამტკიცდა: 1200,00\u00a0₾, 10 თვე, თვეში .+\u00a0₾, ეფექტური განაკვეთი \d+,\d\d%\.$/,
    );
    const cancel = await call(bearer(token), 'POST', `/api/credit-info/${id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({
      message:
        'განაცხადზე გადაწყვეტილება უკვე მიღებულია, ამიტომ მისი შეცვლა ან გაუქმება აღარ შეიძლება',
    });
  });

  it('needs a second, different officer above the threshold (four eyes)', async () => {
    const { token, id, first } = await inReview('11', fifteenThousand);
    const second = await officer('599000003');
    const proposed = await approve(first, id, { amount: 12000, months: 24 });
    expect(proposed.json()).toMatchObject({
      decision: { state: 'awaiting_second_officer', amount: 12000 },
    });
    const before = await call(bearer(token), 'GET', '/api/loans-show');
    expect(before.json()).toMatchObject({
      loans: [{ loan_status: { code: 'under_review' }, decision: null }],
    });

    const asFirst = await call(first, 'GET', `/api/applications/${id}`);
    expect(asFirst.json()).toMatchObject({
      decision: { state: 'awaiting_second_officer' },
      viewer_is_approver: true,
    });
    const asSecond = await call(second, 'GET', `/api/applications/${id}`);
    expect(asSecond.json()).toMatchObject({ viewer_is_approver: false });

    const self = await confirm(first, id);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({
      message: 'დამტკიცება მეორე, სხვა საკრედიტო ოფიცერმა უნდა დაადასტუროს',
    });
    const confirmed = await confirm(second, id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      decision: { state: 'approved', amount: 12000, months: 24 },
    });
    const review = await call(second, 'GET', `/api/applications/${id}`);
    expect(review.json()).toMatchObject({
      application: { status: { code: 'approved' } },
      decision: { state: 'approved', officer: { name: 'გიორგი' }, confirmed_by: { name: 'ნატო' } },
    });
    expect((await confirm(second, id)).statusCode).toBe(409);
  });

  it('keeps both four-eyes steps, each with its officer and time, in the decision and the history', async () => {
    const { id } = await awaitingSecondOfficer();
    const second = await officer('599000003');
    const approvedAt = formatTimestamp(clock.now());
    // Ten minutes later (sessions end after 30 idle ones).
    clock.advance(10 * 60_000);
    expect((await confirm(second, id)).statusCode).toBe(200);
    const confirmedAt = formatTimestamp(clock.now());
    expect(approvedAt).not.toBe(confirmedAt);

    const review = (await call(second, 'GET', `/api/applications/${id}`)).json<{
      decision: object;
      history: { from: string; to: string; reason: string; at: string; actor: { name: string } }[];
    }>();
    expect(review.decision).toMatchObject({
      state: 'approved',
      officer: { name: 'გიორგი' },
      decided_at: approvedAt,
      confirmed_by: { name: 'ნატო' },
      confirmed_at: confirmedAt,
    });
    expect(
      review.history
        .filter((entry) => ['first_approval', 'confirm', 'approve'].includes(entry.reason))
        .map((entry) => [entry.from, entry.to, entry.reason, entry.actor.name, entry.at]),
    ).toEqual([
      ['under_review', 'under_review', 'first_approval', 'გიორგი', approvedAt],
      ['under_review', 'approved', 'confirm', 'ნატო', confirmedAt],
    ]);
  });

  it('refuses terms over what was asked or outside the product, under their fields', async () => {
    const { id, first } = await inReview();
    const over = await approve(first, id, { amount: 1600, months: 13 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      amount: ['თანხა არ უნდა აღემატებოდეს მოთხოვნილს: 1500,50\u00a0₾'],
      months: ['ვადა არ უნდა აღემატებოდეს მოთხოვნილს: 12 თვე'],
    });
    const below = await approve(first, id, { amount: 50, months: 2 });
    expect(below.statusCode).toBe(422);
    expect(below.json()).toHaveProperty('amount');
    expect(below.json()).toHaveProperty('months');
  });

  it('never approves terms whose effective rate is over 50%, deciding on the unrounded rate', async () => {
    const { id } = await submittedApplication();
    // A product version the save check would refuse, written straight into the table.
    const [usurious] = await app.database.db
      .insert(loanProducts)
      .values({
        code: 'usurious',
        version: 1,
        name: 'ლიმიტს გადაცილებული',
        nameEn: 'Over the cap',
        nominalRate: 60,
        originationFeePercent: 0,
        originationFeeFixed: 0,
        monthlyFee: 0,
        minAmount: 100,
        maxAmount: 50_000,
        minMonths: 3,
        maxMonths: 48,
        isDefault: false,
      })
      .returning({ id: loanProducts.id });
    await app.database.db
      .update(loanApplications)
      .set({ productId: usurious?.id })
      .where(eq(loanApplications.id, id));
    const headers = await officer('599000002');
    await take(headers, id);
    const refused = await approve(headers, id, { amount: 1000, months: 12 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      amount: ['ამ პირობებით ეფექტური განაკვეთი კანონით დაშვებულ 50%-ს აღემატება'],
    });
  });
});

describe('rejecting', () => {
  it('keeps the reasons the customer reads and the note the customer never sees', async () => {
    const { user, token, id } = await submittedApplication();
    const headers = await officer('599000003');
    await take(headers, id);
    const rejected = await reject(headers, id, {
      reason_codes: ['overdue_debt', 'income_too_low'],
      note: 'შიდა შენიშვნა',
    });
    expect(rejected.statusCode).toBe(200);
    const shown = await call(bearer(token), 'GET', '/api/loans-show');
    expect(shown.json()).toMatchObject({
      loans: [
        {
          loan_status: { code: 'rejected' },
          decision: {
            state: 'rejected',
            reasons: [
              'შემოსავალი არ არის საკმარისი ყოველთვიური გადასახადისთვის',
              'გაქვთ ვადაგადაცილებული დავალიანება',
            ],
            reason_codes: ['income_too_low', 'overdue_debt'],
            schedule: [],
          },
        },
      ],
    });
    expect(JSON.stringify(shown.json())).not.toContain('შიდა შენიშვნა');
    const listed = await call(bearer(token), 'GET', '/api/loans');
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).not.toContain('შიდა შენიშვნა');
    // Every credit officer reads it: the author and a colleague.
    for (const reader of [headers, await officer('599000002')]) {
      const reviewed = await call(reader, 'GET', `/api/applications/${id}`);
      expect(reviewed.json()).toMatchObject({ decision: { internal_note: 'შიდა შენიშვნა' } });
    }
    const texts = await textsTo(user.phone);
    expect(texts.map((text) => text.text)).toContainEqual(expect.stringContaining('ვერ დამტკიცდა'));
  });

  it('needs at least one reason from the list', async () => {
    const { id } = await submittedApplication();
    const headers = await officer('599000003');
    await take(headers, id);
    for (const reason_codes of [[], ['no_such_reason']]) {
      const refused = await reject(headers, id, { reason_codes });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        reason_codes: ['აირჩიეთ უარის მინიმუმ ერთი მიზეზი სიიდან'],
      });
    }
    const reasons = await call(headers, 'GET', '/api/rejection-reasons');
    expect(
      reasons.json<{ reasons: { code: string }[] }>().reasons.map((reason) => reason.code),
    ).toContain('overdue_debt');
  });
});

describe('the lender’s systems', () => {
  it('hear of submissions and decisions through signed webhooks, retried until acknowledged', async () => {
    await app.database.db
      .update(jobs)
      .set({ doneAt: clock.now() })
      .where(eq(jobs.kind, 'webhook.deliver'));
    const { id } = await submittedApplication();
    lender.answerWith((_request, response) => answerJson(response, 503, {}));
    await app.jobs.runDue();
    expect(lender.requests).toHaveLength(1);
    lender.answerWith((_request, response) => answerJson(response, 200, {}));
    clock.advance(10_000);
    await app.jobs.runDue();
    expect(lender.requests).toHaveLength(2);
    const delivered = lender.requests.at(-1);
    const body = delivered?.body ?? '';
    expect(JSON.parse(body)).toEqual({
      type: 'application.submitted',
      timestamp: expect.any(String) as string,
      data: { application_id: id, sequence: 1 },
    });
    expect(delivered?.headers['webhook-signature']).toMatch(/^v1,/);

    const headers = await officer('599000002');
    await take(headers, id);
    await reject(headers, id, { reason_codes: ['overdue_debt'] });
    await app.jobs.runDue();
    expect(
      lender.requests.map((request) => JSON.parse(request.body) as { type: string }),
    ).toContainEqual(
      expect.objectContaining({
        type: 'application.rejected',
        data: { application_id: id, sequence: 2 },
      }),
    );
  });

  it('use a service account’s long-lived token, valid until revoked', async () => {
    const machine = await serviceAccount(app, '598777000');
    clock.advance(13 * 3_600_000);
    expect((await call(machine, 'GET', '/api/applications')).statusCode).toBe(200);
    expect((await call(machine, 'POST', '/api/logout')).statusCode).toBe(200);
    expect((await call(machine, 'GET', '/api/applications')).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { phone: '598777000', password: 'x' },
    });
    expect(login.statusCode).toBe(422);
  });
});
