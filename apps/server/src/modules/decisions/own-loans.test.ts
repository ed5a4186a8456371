import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditReports, loanOfferSnapshots } from '#app/db/schema.ts';
import { bearer } from '#app/test/accounts.ts';
import { decisionTestApp } from '#app/test/decisions.ts';
import { onboardedCustomer } from '#app/test/onboarding.ts';

const { appOf, officer, submit, take, approve, review } = decisionTestApp();

/** The questionnaire's income of the test customers (test/onboarding.ts): a 1,500.50 GEL salary. */
const income = 1500.5;

/** A PTI as the affordability check rounds it: up, to the hundredth of a percent. */
const ptiOf = (burden: number) =>
  Math.ceil(Math.round(burden * 100) * (10_000 / (income * 100))) / 100;

interface Quote {
  offer: { monthly_payment: number };
  affordability: { pti: number; obligations: number; lender_obligations: number; fits: boolean };
}

async function offerFor(token: string, terms: object) {
  const response = await appOf().inject({
    method: 'POST',
    url: '/api/loan-offer',
    headers: bearer(token),
    payload: { ...terms, loan_purpose_id: 1 },
  });
  return response.json<Quote>();
}

async function snapshotOf(id: number, kind: 'submission' | 'approval') {
  const [row] = await appOf()
    .database.db.select()
    .from(loanOfferSnapshots)
    .where(and(eq(loanOfferSnapshots.applicationId, id), eq(loanOfferSnapshots.kind, kind)));
  return row;
}

describe('affordability after the customer’s own approved loan', () => {
  it('counts its payment in the offer, the submission, the bureau check, the recommendation and the approval', async () => {
    const customer = await onboardedCustomer(appOf(), { phone: '593380011' });
    const second = { amount: '3000', months: 12 };
    const before = await offerFor(customer.token, second);
    expect(before.affordability).toMatchObject({ lender_obligations: 0, obligations: 0 });

    // A first loan approved: 5,000 GEL over 12 months.
    const first = await submit(customer, { amount: '5000', months: 12, loan_purpose_id: 1 });
    const headers = await officer('599000002');
    await take(headers, first);
    const approved = await approve(headers, first, { amount: 5000, months: 12 });
    const { monthly_payment: ownPayment } = approved.json<{
      decision: { monthly_payment: number };
    }>().decision;

    // The same request on the same income is now told a PTI that counts the first loan.
    const after = await offerFor(customer.token, second);
    const payment = after.offer.monthly_payment;
    expect(after.affordability).toMatchObject({
      lender_obligations: ownPayment,
      obligations: ownPayment,
      pti: ptiOf(payment + ownPayment),
    });
    expect(after.affordability.pti).toBeGreaterThan(before.affordability.pti);

    const id = await submit(customer, { ...second, loan_purpose_id: 1 });
    expect(await snapshotOf(id, 'submission')).toMatchObject({
      inputs: { obligations: 0, lender_obligations: ownPayment },
      pti: after.affordability.pti,
    });
    // The sandbox bureau knows another lender's loan (10% of the salary), not this lender's.
    const [report] = await appOf()
      .database.db.select()
      .from(creditReports)
      .where(eq(creditReports.applicationId, id));
    const bureauLoan = 150.05;
    expect(report?.affordability).toMatchObject({
      pti: ptiOf(payment + bureauLoan + ownPayment),
      fits: false,
    });

    const seen = await review(headers, id);
    expect(seen.json()).toMatchObject({
      offer: { lender_obligations: ownPayment },
      customer_applications: [
        {
          id: first,
          status: { code: 'approved', name: 'დამტკიცებულია' },
          amount: 5000,
          months: 12,
          monthly_payment: ownPayment,
        },
      ],
      recommendation: { verdict: 'reject' },
    });
    expect(seen.json<{ recommendation: { against: string[] } }>().recommendation.against).toEqual(
      expect.arrayContaining([expect.stringContaining('ლიმიტს (50,00%) აღემატება')]),
    );

    await take(headers, id);
    expect((await approve(headers, id, { amount: 3000, months: 12 })).statusCode).toBe(200);
    expect(await snapshotOf(id, 'approval')).toMatchObject({
      inputs: { obligations: bureauLoan, lender_obligations: ownPayment },
      pti: ptiOf(payment + bureauLoan + ownPayment),
      fits: false,
    });
  });
});
