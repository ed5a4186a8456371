import { defaultPtiLimits, type LoanOffer } from '@sesxi/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loanOfferSnapshots } from '#app/db/schema.ts';
import { bearer, sandboxSupportToken } from '#app/test/accounts.ts';
import { consentedLoanViaApi, finishLoan, loanSsoToken, loanTestApp } from '#app/test/loans.ts';
import {
  onboardedCustomer,
  questionnaireAnswers,
  sdaVerifiedCustomer,
} from '#app/test/onboarding.ts';
import { databaseCallsOf } from '#app/test/database-calls.ts';
import { testClock } from '#app/test/test-clock.ts';
import { phoneSeries } from '#app/test/unique.ts';
import {
  saveLoanProduct,
  defaultLoanProduct,
  type StoredProduct,
} from '#app/modules/loan-products/index.ts';
import { offerInputsWithSession } from './repository.ts';

// 12:00 in Tbilisi on 2027-01-15: the payout date of the offer module's own worked example.
const clock = testClock(new Date('2027-01-15T08:00:00Z'));
const freshPhone = phoneSeries('5560');
let app: FastifyInstance;
let close: () => Promise<void>;
let product: StoredProduct;

beforeAll(async () => {
  ({ app, close } = await loanTestApp({ clock }));
  // The pricing of offer.test.ts's example (24%, 2% + 10 GEL one-off, 2 GEL a month), from
  // 1,000 GEL and 12 months so that it stays under the 50% cap; saved as the new default.
  product = await saveLoanProduct(app.database.db, {
    ...defaultLoanProduct,
    origination_fee_percent: 2,
    origination_fee_fixed: 10,
    monthly_fee: 2,
    min_amount: 1000,
    min_months: 12,
  });
});

afterAll(() => close());

/** An onboarded customer whose questionnaire has `answers` changed. */
const customer = (answers: Record<string, unknown> = {}) =>
  onboardedCustomer(app, { phone: freshPhone(), answers: { ...questionnaireAnswers, ...answers } });

function quote(token: string, payload: object, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/loan-offer',
    headers: { ...bearer(token), ...headers },
    payload,
  });
}

interface QuoteAnswer {
  status: string;
  offer: LoanOffer;
  affordability: { pti: number | null; limit: number; fits: boolean; alternatives: object[] };
}

describe('POST /api/loan-offer', () => {
  it('answers the offer module’s worked example: 1,000 GEL over 12 months paid out today', async () => {
    const { token } = await customer();
    const response = await quote(token, { amount: '1000,00', months: 12, loan_purpose_id: 1 });
    expect(response.statusCode).toBe(200);
    const body = response.json<QuoteAnswer>();
    // The numbers of offer.test.ts: payments 96.56 (the last 96.54), 30 GEL deducted.
    expect(body.offer).toMatchObject({
      monthly_payment: 96.56,
      total_repayment: 1158.7,
      total_cost: 188.7,
      upfront_fee: 30,
      nominal_rate: 24,
      effective_rate: 40.26,
    });
    expect(body.offer.schedule).toHaveLength(12);
    expect(body.offer.schedule[0]).toEqual({
      number: 1,
      date: '2027-02-15',
      payment: 96.56,
      principal: 74.56,
      interest: 20,
      fee: 2,
      balance: 925.44,
    });
    expect(body.offer.schedule.at(-1)).toMatchObject({
      date: '2028-01-15',
      payment: 96.54,
      balance: 0,
    });
    // The questionnaire's 1,500.50 GEL salary and no obligations: 96.56 / 1,500.50 → 6.44%.
    expect(body.affordability).toEqual({
      pti: 6.44,
      limit: 50,
      fits: true,
      alternatives: [],
      obligations: 0,
      obligations_estimated: false,
      lender_obligations: 0,
    });
  });

  it('counts salary, transfers and pension as income and the monthly loan payments as obligations', async () => {
    // 1,000 + 250.50 + 249.50 = 1,500 GEL; 96.56 + 653.44 = 750 GEL: exactly 50%, which fits.
    const { token } = await customer({
      salary: '1000',
      has_transfer: true,
      transfer: '250,50',
      has_pension: true,
      pension: 249.5,
      total_financial_liability: '20000',
      monthly_loan_payments: '653,44',
    });
    const response = await quote(token, { amount: 1000, months: 12, loan_purpose_id: 1 });
    expect(response.json<QuoteAnswer>().affordability).toEqual({
      pti: 50,
      limit: 50,
      fits: true,
      alternatives: [],
      obligations: 653.44,
      obligations_estimated: false,
      lender_obligations: 0,
    });
  });

  it('estimates the monthly payments from the total owed when they are left empty, and says so', async () => {
    // 15,000 GEL owed in all: 750 GEL a month estimated. 2,500 GEL income allows 1,250 GEL.
    const { token } = await customer({ salary: 2500, total_financial_liability: '15000' });
    const response = await quote(token, { amount: 3000, months: 12, loan_purpose_id: 1 });
    const { affordability, offer } = response.json<QuoteAnswer>();
    expect(affordability).toMatchObject({
      fits: true,
      obligations: 750,
      obligations_estimated: true,
      pti: Math.ceil(((offer.monthly_payment + 750) / 2500) * 10_000) / 100,
    });
  });

  it('offers the nearest alternatives when the payment is too high for the income', async () => {
    // 2,000 GEL income (limit 50%: 1,000 GEL) with 400 GEL already paid a month.
    const { token } = await customer({ salary: 2000, monthly_loan_payments: 400 });
    const response = await quote(token, { amount: 10_000, months: 12, loan_purpose_id: 1 });
    expect(response.statusCode).toBe(200);
    const { affordability, offer } = response.json<QuoteAnswer>();
    expect(offer.monthly_payment).toBe(947.6);
    expect(affordability).toEqual({
      pti: 67.38,
      limit: 50,
      fits: false,
      alternatives: [
        // 10,000 GEL over 21 months: 587.85 + 2 a month.
        { kind: 'longer_term', amount: 10_000, months: 21, monthly_payment: 589.85, pti: 49.5 },
        // 6,324 GEL over 12 months: 597.99 + 2; 6,325 would be 1,000.09 GEL with the 400.
        { kind: 'smaller_amount', amount: 6324, months: 12, monthly_payment: 599.99, pti: 50 },
      ],
      obligations: 400,
      obligations_estimated: false,
      lender_obligations: 0,
    });
  });

  it('applies the lower limit below 1,000 GEL of income', async () => {
    const { token } = await customer({ salary: '999,99' });
    const response = await quote(token, { amount: 1000, months: 12 });
    expect(response.json<QuoteAnswer>().affordability).toMatchObject({ limit: 25, fits: true });
  });

  it('answers amounts and terms outside the product’s limits under their fields', async () => {
    const { token } = await customer();
    const response = await quote(token, { amount: '999,99', months: 49, loan_purpose_id: 1 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'გთხოვთ, გაასწოროთ მონიშნული ველები',
      amount: ['თანხა უნდა იყოს მინიმუმ 1000,00\u00a0₾'],
      months: ['მნიშვნელობა უნდა იყოს მაქსიმუმ 48'],
    });
    const english = await quote(
      token,
      { amount: 50_000.01, months: 11, loan_purpose_id: 999 },
      { 'accept-language': 'en' },
    );
    expect(english.json()).toMatchObject({
      amount: ['The amount must be at most 50\u00a0000,00\u00a0₾'],
      months: ['The value must be at least 12'],
      loan_purpose_id: [expect.any(String)],
    });
  });

  it.each([
    ['no amount', { months: 12 }, { amount: ['ველის შევსება სავალდებულოა'] }],
    ['a third decimal', { amount: '1000,555', months: 12 }, { amount: [expect.any(String)] }],
    ['half a month', { amount: 1000, months: 12.5 }, { months: [expect.any(String)] }],
    ['a word for a term', { amount: 1000, months: 'twelve' }, { months: [expect.any(String)] }],
  ])('refuses %s with a field error', async (_name, payload, fields) => {
    const { token } = await customer();
    const response = await quote(token, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 'error', ...fields });
  });

  it('is behind the onboarding gates: 401 without a session, 403 without a questionnaire or for support', async () => {
    const payload = { amount: 1000, months: 12 };
    const anonymous = await app.inject({ method: 'POST', url: '/api/loan-offer', payload });
    expect(anonymous.statusCode).toBe(401);
    const { token } = await sdaVerifiedCustomer(app, { phone: freshPhone() });
    const notOnboarded = await quote(token, payload);
    expect(notOnboarded.statusCode).toBe(403);
    expect(notOnboarded.json()).toEqual({
      status: 'error',
      message: 'გთხოვთ, ჯერ შეავსოთ კითხვარი',
    });
    expect((await quote(await sandboxSupportToken(app), payload)).statusCode).toBe(403);
  });

  it('answers in one statement: session, gates, product, finances and purposes', async () => {
    const { token } = await customer({ salary: '2000,00' });
    const statement = vi.spyOn(offerInputsWithSession, 'statement');
    try {
      const quoted = await databaseCallsOf(app, () =>
        quote(token, { amount: 1000, months: 12, loan_purpose_id: 1 }),
      );
      expect(quoted.result.statusCode).toBe(200);
      expect(quoted.result.json<QuoteAnswer>().affordability.pti).toBe(4.83);
      expect(quoted).toMatchObject({ statements: 1, transactions: 0 });
      const unknownPurpose = await databaseCallsOf(app, () =>
        quote(token, { amount: 1000, months: 12, loan_purpose_id: 2_147_483_647 }),
      );
      expect(unknownPurpose.result.statusCode).toBe(422);
      expect(unknownPurpose.result.json()).toMatchObject({ loan_purpose_id: [expect.any(String)] });
      expect(unknownPurpose).toMatchObject({ statements: 1, transactions: 0 });
      const bogus = await databaseCallsOf(app, () =>
        quote('z'.repeat(43), { amount: 1000, months: 12 }),
      );
      expect(bogus.result.statusCode).toBe(401);
      expect(bogus).toMatchObject({ statements: 1, transactions: 0 });
      expect(statement).toHaveBeenCalledTimes(3);
    } finally {
      statement.mockRestore();
    }
  });

  it('allows 120 quotes a minute to each customer, counted apart', async () => {
    const first = await customer();
    const second = await customer();
    const payload = { amount: 1000, months: 12 };
    for (let call = 0; call < 120; call++) {
      expect((await quote(first.token, payload)).statusCode).toBe(200);
    }
    const limited = await quote(first.token, payload);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await quote(second.token, payload)).statusCode).toBe(200);
  });
});

describe('the offer snapshot stored on finish', () => {
  async function finished(answers: Record<string, unknown> = {}) {
    const { user, token } = await customer(answers);
    const id = await consentedLoanViaApi(app, token);
    const ssoToken = await loanSsoToken(app, {
      userId: user.id,
      loanId: id,
      personalNumber: user.identityNumber ?? '',
    });
    const response = await finishLoan(app, token, id, ssoToken);
    expect(response.statusCode).toBe(200);
    const [snapshot] = await app.database.db
      .select()
      .from(loanOfferSnapshots)
      .where(eq(loanOfferSnapshots.applicationId, id));
    return { token, id, snapshot };
  }

  it('equals what POST /api/loan-offer answered for the same inputs on the same day', async () => {
    const { token, id, snapshot } = await finished();
    // The application's values (test/loans.ts): 1,500.50 GEL over 12 months.
    const shown = (
      await quote(token, { amount: '1500,50', months: 12, loan_purpose_id: 1 })
    ).json<QuoteAnswer>();
    const { schedule, ...summary } = shown.offer;
    expect(snapshot).toEqual({
      id: expect.any(Number) as number,
      applicationId: id,
      kind: 'submission',
      productId: product.id,
      inputs: {
        amount: 1500.5,
        months: 12,
        income: 1500.5,
        obligations: 0,
        obligations_estimated: false,
        lender_obligations: 0,
        pti_limits: defaultPtiLimits,
        payout_date: '2027-01-15',
      },
      monthlyPayment: summary.monthly_payment,
      totalRepayment: summary.total_repayment,
      totalCost: summary.total_cost,
      upfrontFee: summary.upfront_fee,
      nominalRate: summary.nominal_rate,
      effectiveRate: summary.effective_rate,
      schedule,
      pti: shown.affordability.pti,
      ptiLimit: shown.affordability.limit,
      fits: true,
      alternatives: [],
      createdAt: clock.now(),
    });

    const listed = await app.inject({ url: '/api/loans-show', headers: bearer(token) });
    expect(listed.json()).toMatchObject({
      loans: [
        {
          id,
          loan_status: { code: 'submitted' },
          monthly_payment: summary.monthly_payment,
          effective_rate: summary.effective_rate,
        },
      ],
    });
  });

  it('submits a request that does not fit, and records that it did not', async () => {
    // 300 GEL of income allows 75 GEL a month: 1,500.50 GEL fits over 27 months, and no
    // amount from the product's 1,000 GEL minimum fits over 12.
    const { snapshot } = await finished({ salary: 300 });
    expect(snapshot).toMatchObject({ fits: false, ptiLimit: 25 });
    expect(snapshot?.alternatives).toEqual([
      { kind: 'longer_term', amount: 1500.5, months: 27, monthly_payment: 74.46, pti: 24.82 },
    ]);
  });

  it('is never changed afterwards', async () => {
    const { snapshot } = await finished();
    await expect(
      app.database.db
        .update(loanOfferSnapshots)
        .set({ fits: false })
        .where(eq(loanOfferSnapshots.id, snapshot?.id ?? 0)),
    ).rejects.toThrow();
  });
});
