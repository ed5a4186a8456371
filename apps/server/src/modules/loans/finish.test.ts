import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pruneExpired } from '#app/modules/housekeeping/index.ts';
import {
  consents,
  creditReports,
  loanApplications,
  loanOfferSnapshots,
  loanSubmissions,
  smsOutbox,
  ssoTransactions,
} from '#app/db/schema.ts';
import {
  defaultLoanProduct,
  createLoanProductRepository,
} from '#app/modules/loan-products/index.ts';
import { ServiceUnavailableError } from '#app/errors.ts';
import { tokenHash } from '#app/security/tokens.ts';
import { bearer } from '#app/test/accounts.ts';
import {
  agreeToCreditInfo,
  consentedLoanViaApi,
  createLoanViaApi,
  finishLoan,
  loanHistoryOf,
  loanSsoToken,
  loanStatusOf,
  loanTestApp,
  setLoanStatus,
} from '#app/test/loans.ts';
import { onboardedCustomer, startSession } from '#app/test/onboarding.ts';
import { signInAtSandbox } from '#app/test/sandbox-browser.ts';
import { testClock } from '#app/test/test-clock.ts';
import { raceAt } from '#app/test/race.ts';
import { phoneSeries } from '#app/test/unique.ts';

const clock = testClock();
const freshPhone = phoneSeries('5540');
let app: FastifyInstance;
let baseUrl: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, baseUrl, close } = await loanTestApp({ clock, listen: true }));
});

afterAll(() => close());

const finishFailed = { status: 'error', message: 'განაცხადის დასრულებისას მოხდა შეცდომა' };

/** An onboarded customer with a consented application, and their personal number. */
async function consentedApplication() {
  const { user, token } = await onboardedCustomer(app, { phone: freshPhone() });
  const id = await consentedLoanViaApi(app, token);
  return { user, token, id, personalNumber: user.identityNumber ?? '' };
}

const statusOf = (id: number) => loanStatusOf(app, id);

async function consumedAt(ssoToken: string) {
  const [row] = await app.database.db
    .select({ consumedAt: ssoTransactions.consumedAt })
    .from(ssoTransactions)
    .where(eq(ssoTransactions.tokenHash, tokenHash(ssoToken)));
  return row?.consumedAt;
}

function textsTo(phone: string) {
  return app.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
}

/**
 * A refused finish: the error `message` (the spec's by default), and the application, token
 * and outbox untouched.
 */
async function expectNothingChanged(
  response: Awaited<ReturnType<typeof finishLoan>>,
  {
    id,
    ssoToken,
    phone,
    status = 'consented',
    message = finishFailed.message,
  }: {
    id: number;
    ssoToken: string;
    phone: string;
    status?: string;
    message?: string;
  },
) {
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  expect(response.json()).toEqual({ status: 'error', message });
  expect(await statusOf(id)).toBe(status);
  expect(await consumedAt(ssoToken)).toBeNull();
  expect(await textsTo(phone)).toEqual([]);
}

describe('POST /api/credit-info/:id/finish', () => {
  it('submits the application, spends the SSO transaction and texts the customer', async () => {
    const { user, token, id, personalNumber } = await consentedApplication();
    const ssoToken = await loanSsoToken(app, { userId: user.id, loanId: id, personalNumber });
    const response = await finishLoan(app, token, id, ssoToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });
    expect(await statusOf(id)).toBe('submitted');
    expect(await consumedAt(ssoToken)).toEqual(clock.now());
    const history = await loanHistoryOf(app, id);
    expect(history.at(-1)).toMatchObject({
      fromStatus: 'consented',
      toStatus: 'submitted',
      actorUserId: user.id,
      reason: 'submit',
    });
    expect(await textsTo(user.phone)).toEqual([
      expect.objectContaining({ text: `Sesxi: განაცხადი №${id} მიღებულია, შედეგს შეგატყობინებთ.` }),
    ]);
  });

  it('goes through the sandbox provider as the SPA does: initiate, sign in, callback, finish', async () => {
    const { user, token, id, personalNumber } = await consentedApplication();
    const initiated = await app.inject({
      method: 'POST',
      url: '/api/sso/initiate',
      headers: bearer(token),
      payload: { state: { context: 'loan', loan_id: id } },
    });
    const { sso_token, auth_url } = initiated.json<{ sso_token: string; auth_url: string }>();
    const returned = await signInAtSandbox(auth_url, baseUrl, {
      personal_number: personalNumber,
      name: user.name,
      surname: user.surname,
      action: 'approve',
    });
    const callback = await app.inject({
      method: 'POST',
      url: '/api/sso/callback',
      payload: { code: returned.searchParams.get('code'), token: sso_token },
    });
    expect(callback.json()).toMatchObject({ state: { context: 'loan', loan_id: id } });
    expect((await finishLoan(app, token, id, sso_token)).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('submitted');
  });

  it('refuses an identity with another personal number, saying so', async () => {
    const { user, token, id } = await consentedApplication();
    const ssoToken = await loanSsoToken(app, {
      userId: user.id,
      loanId: id,
      personalNumber: '01001000011',
    });
    const response = await finishLoan(app, token, id, ssoToken);
    await expectNothingChanged(response, {
      id,
      ssoToken,
      phone: user.phone,
      message: 'იდენტიფიკაცია სხვა პირმა გაიარა: დადასტურებული პიროვნება არ ემთხვევა განმცხადებელს',
    });
  });

  it.each([
    ['another context', () => ({ context: 'registration' as const })],
    ['another application', () => ({ loanId: 2_000_000 })],
    [
      'another customer',
      async () => ({ userId: (await onboardedCustomer(app, { phone: freshPhone() })).user.id }),
    ],
  ])('refuses a sign-in made for %s', async (_case, change) => {
    const { user, token, id, personalNumber } = await consentedApplication();
    const ssoToken = await loanSsoToken(app, {
      userId: user.id,
      loanId: id,
      personalNumber,
      ...(await change()),
    });
    const response = await finishLoan(app, token, id, ssoToken);
    await expectNothingChanged(response, { id, ssoToken, phone: user.phone });
  });

  it.each(['x'.repeat(43), 'not a token', ''])('refuses the token %j', async (ssoToken) => {
    const { token, id } = await consentedApplication();
    const response = await finishLoan(app, token, id, ssoToken);
    expect(response.statusCode).toBe(422);
    expect(await statusOf(id)).toBe('consented');
  });

  it('refuses an offer above the 50% cap cleanly: nothing submitted, nothing recorded', async () => {
    const { user, token, id, personalNumber } = await consentedApplication();
    // A product saved before the exact check (straight into the table): 45% is over 50%
    // effective for every offer; the application is moved onto it.
    const legacy = await createLoanProductRepository(app.database.db).insertVersion({
      ...defaultLoanProduct,
      code: 'over-cap',
      nominal_rate: 45,
      origination_fee_percent: 0,
      origination_fee_fixed: 0,
      monthly_fee: 0,
      is_default: false,
    });
    await app.database.db
      .update(loanApplications)
      .set({ productId: legacy.id })
      .where(eq(loanApplications.id, id));
    const ssoToken = await loanSsoToken(app, { userId: user.id, loanId: id, personalNumber });
    const response = await finishLoan(app, token, id, ssoToken);
    expect(response.statusCode).toBe(422);
    await expectNothingChanged(response, {
      id,
      ssoToken,
      phone: user.phone,
      message:
        'ამ თანხასა და ვადაზე ეფექტური საპროცენტო განაკვეთი აღემატება კანონით დაშვებულ 50%-ს, გთხოვთ, შეცვალოთ თანხა ან ვადა',
    });
    const rolledBack = (table: typeof loanSubmissions | typeof loanOfferSnapshots) =>
      app.database.db.select().from(table).where(eq(table.applicationId, id));
    expect(await rolledBack(loanSubmissions)).toEqual([]);
    expect(await rolledBack(loanOfferSnapshots)).toEqual([]);
  });

  it('refuses a sign-in that was already used', async () => {
    const { user, token, id, personalNumber } = await consentedApplication();
    const ssoToken = await loanSsoToken(app, { userId: user.id, loanId: id, personalNumber });
    expect((await finishLoan(app, token, id, ssoToken)).statusCode).toBe(200);
    await setLoanStatus(app, id, 'consented');
    const again = await finishLoan(app, token, id, ssoToken);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(finishFailed);
    expect(await statusOf(id)).toBe('consented');
  });

  it('refuses a sign-in older than its 30 minutes', async () => {
    const { user, id, personalNumber } = await consentedApplication();
    const ssoToken = await loanSsoToken(app, { userId: user.id, loanId: id, personalNumber });
    clock.advance(30 * 60_000 + 1_000);
    const token = await startSession(app, user.id);
    const response = await finishLoan(app, token, id, ssoToken);
    await expectNothingChanged(response, { id, ssoToken, phone: user.phone });
  });

  it('refuses without a credit consent, and with one older than 30 days', async () => {
    const { user, token } = await onboardedCustomer(app, { phone: freshPhone() });
    const personalNumber = user.identityNumber ?? '';
    const id = await createLoanViaApi(app, token);
    const withoutConsent = await loanSsoToken(app, { userId: user.id, loanId: id, personalNumber });
    await setLoanStatus(app, id, 'consented');
    const refused = await finishLoan(app, token, id, withoutConsent);
    await expectNothingChanged(refused, { id, ssoToken: withoutConsent, phone: user.phone });

    await agreeToCreditInfo(app, token, id);
    clock.advance(30 * 24 * 60 * 60_000 + 60_000);
    const later = await startSession(app, user.id);
    const ssoToken = await loanSsoToken(app, { userId: user.id, loanId: id, personalNumber });
    const expired = await finishLoan(app, later, id, ssoToken);
    await expectNothingChanged(expired, { id, ssoToken, phone: user.phone });
  });

  it('uses the consent given for this application, not the customer’s latest', async () => {
    const { user, token, id: consentedEarlier } = await consentedApplication();
    await setLoanStatus(app, consentedEarlier, 'cancelled');
    const id = await createLoanViaApi(app, token);
    await setLoanStatus(app, id, 'consented');
    const personalNumber = user.identityNumber ?? '';
    const ssoToken = await loanSsoToken(app, { userId: user.id, loanId: id, personalNumber });
    const refused = await finishLoan(app, token, id, ssoToken);
    await expectNothingChanged(refused, { id, ssoToken, phone: user.phone });
  });

  it('records which sign-in and which consent submitted it, beyond housekeeping', async () => {
    const { user, token, id, personalNumber } = await consentedApplication();
    const [consent] = await app.database.db
      .select({ id: consents.id, loanApplicationId: consents.loanApplicationId })
      .from(consents)
      .where(and(eq(consents.userId, user.id), eq(consents.kind, 'credit_information')));
    expect(consent?.loanApplicationId).toBe(id);
    const ssoToken = await loanSsoToken(app, { userId: user.id, loanId: id, personalNumber });
    const [signIn] = await app.database.db
      .select({ id: ssoTransactions.id, completedAt: ssoTransactions.completedAt })
      .from(ssoTransactions)
      .where(eq(ssoTransactions.tokenHash, tokenHash(ssoToken)));
    expect((await finishLoan(app, token, id, ssoToken)).statusCode).toBe(200);

    clock.advance(3 * 24 * 60 * 60_000);
    await pruneExpired(app.database.db, clock.now());
    expect(await consumedAt(ssoToken)).toBeUndefined();
    const [submission] = await app.database.db
      .select()
      .from(loanSubmissions)
      .where(eq(loanSubmissions.applicationId, id));
    expect(submission).toMatchObject({
      ssoTransactionId: signIn?.id,
      identifiedPersonalNumber: personalNumber,
      identifiedAt: signIn?.completedAt,
      creditConsentId: consent?.id,
    });
    await expect(
      app.database.db.delete(loanSubmissions).where(eq(loanSubmissions.applicationId, id)),
    ).rejects.toThrow();
  });

  it('accepts a consent just under 30 days old', async () => {
    const { user, id, personalNumber } = await consentedApplication();
    clock.advance(30 * 24 * 60 * 60_000 - 60_000);
    const later = await startSession(app, user.id);
    const ssoToken = await loanSsoToken(app, { userId: user.id, loanId: id, personalNumber });
    expect((await finishLoan(app, later, id, ssoToken)).statusCode).toBe(200);
  });

  it.each(['draft', 'submitted', 'cancelled', 'approved'] as const)(
    'refuses an application that is %s, with 409',
    async (status) => {
      const { user, token, id, personalNumber } = await consentedApplication();
      await setLoanStatus(app, id, status);
      const ssoToken = await loanSsoToken(app, { userId: user.id, loanId: id, personalNumber });
      const response = await finishLoan(app, token, id, ssoToken);
      expect(response.statusCode).toBe(409);
      const decided = status === 'approved';
      await expectNothingChanged(response, {
        id,
        ssoToken,
        phone: user.phone,
        status,
        ...(decided && {
          message:
            'განაცხადზე გადაწყვეტილება უკვე მიღებულია, ამიტომ მისი შეცვლა ან გაუქმება აღარ შეიძლება',
        }),
      });
    },
  );

  it('answers a finish sent again after it went through with its success, changing nothing', async () => {
    const { user, token, id, personalNumber } = await consentedApplication();
    const ssoToken = await loanSsoToken(app, { userId: user.id, loanId: id, personalNumber });
    expect((await finishLoan(app, token, id, ssoToken)).statusCode).toBe(200);
    const history = await loanHistoryOf(app, id);
    const again = await finishLoan(app, token, id, ssoToken);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'success' });
    expect(await loanHistoryOf(app, id)).toEqual(history);
    expect(await textsTo(user.phone)).toHaveLength(1);
    const reports = await app.database.db
      .select()
      .from(creditReports)
      .where(eq(creditReports.applicationId, id));
    expect(reports).toMatchObject([{ attempts: 1 }]);
    // Another customer's token, or another application's, is still refused.
    const other = await consentedApplication();
    expect((await finishLoan(app, other.token, id, ssoToken)).statusCode).toBe(404);
    expect((await finishLoan(app, token, other.id, ssoToken)).statusCode).toBe(404);
  });

  it('answers success even when the SMS cannot be sent: the application is submitted', async () => {
    const { user, token, id, personalNumber } = await consentedApplication();
    const ssoToken = await loanSsoToken(app, { userId: user.id, loanId: id, personalNumber });
    vi.spyOn(app.smsSender, 'send').mockRejectedValueOnce(new ServiceUnavailableError('sms'));
    expect((await finishLoan(app, token, id, ssoToken)).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('submitted');
  });
});

describe('racing finishes', () => {
  it('one token sent twice submits once, and answers both with its success', async () => {
    const { user, token, id, personalNumber } = await consentedApplication();
    const ssoToken = await loanSsoToken(app, { userId: user.id, loanId: id, personalNumber });
    const race = raceAt(app, /^update "sso_transactions" set "consumed_at"/);
    const answers = await Promise.all([
      finishLoan(app, token, id, ssoToken),
      finishLoan(app, token, id, ssoToken),
    ]);
    await race.finish();
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await textsTo(user.phone)).toHaveLength(1);
    const history = await loanHistoryOf(app, id);
    expect(history.filter((row) => row.toStatus === 'submitted')).toHaveLength(1);
  });

  it('two sign-ins sent together submit once', async () => {
    const { user, token, id, personalNumber } = await consentedApplication();
    const tokens = await Promise.all([
      loanSsoToken(app, { userId: user.id, loanId: id, personalNumber }),
      loanSsoToken(app, { userId: user.id, loanId: id, personalNumber }),
    ]);
    const race = raceAt(app, /update "loan_applications"/);
    const answers = await Promise.all(tokens.map((sso) => finishLoan(app, token, id, sso)));
    await race.finish();
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const history = await loanHistoryOf(app, id);
    expect(history.filter((row) => row.toStatus === 'submitted')).toHaveLength(1);
    // The losing request spent nothing.
    expect((await Promise.all(tokens.map(consumedAt))).filter(Boolean)).toHaveLength(1);
  });

  it('a cancel and a finish: a finish never lands on a cancelled application', async () => {
    const { user, token, id, personalNumber } = await consentedApplication();
    const ssoToken = await loanSsoToken(app, { userId: user.id, loanId: id, personalNumber });
    const race = raceAt(app, /update "loan_applications"/);
    const [finished, cancelled] = await Promise.all([
      finishLoan(app, token, id, ssoToken),
      app.inject({ method: 'POST', url: `/api/credit-info/${id}/cancel`, headers: bearer(token) }),
    ]);
    await race.finish();
    expect(cancelled.statusCode).toBe(200);
    expect(await statusOf(id)).toBe('cancelled');
    const path = (await loanHistoryOf(app, id)).map(
      (row) => `${row.fromStatus ?? ''}→${row.toStatus}`,
    );
    if (finished.statusCode === 200) {
      // Submitted first; cancelling a submitted application before the decision is allowed.
      expect(path.slice(-2)).toEqual(['consented→submitted', 'submitted→cancelled']);
    } else {
      expect(finished.json()).toEqual(finishFailed);
      expect(path.at(-1)).toBe('consented→cancelled');
      expect(await consumedAt(ssoToken)).toBeNull();
    }
  });
});
