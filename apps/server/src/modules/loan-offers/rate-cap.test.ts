import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultLoanProduct,
  createLoanProductRepository,
} from '#app/modules/loan-products/index.ts';
import { bearer } from '#app/test/accounts.ts';
import { loanTestApp } from '#app/test/loans.ts';
import { onboardedCustomer } from '#app/test/onboarding.ts';
import { testClock } from '#app/test/test-clock.ts';
import { phoneSeries } from '#app/test/unique.ts';

// Noon in Tbilisi on 2027-01-31: the first payment falls after 28 days.
const clock = testClock(new Date('2027-01-31T08:00:00Z'));
const freshPhone = phoneSeries('5561');
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await loanTestApp({ clock }));
  // A default product saved before the exact check (straight into the table: saving it now is
  // refused): 20.6% and 1 GEL a month, 100 GEL is 47.86% over 3 months, 50.11% over 8.
  await createLoanProductRepository(app.database.db).insertVersion({
    ...defaultLoanProduct,
    nominal_rate: 20.6,
    origination_fee_percent: 0,
    origination_fee_fixed: 0,
    monthly_fee: 1,
    is_default: true,
  });
});

afterAll(() => close());

function quote(token: string, payload: object, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/loan-offer',
    headers: { ...bearer(token), ...headers },
    payload,
  });
}

describe('POST /api/loan-offer and the 50% effective-rate cap', () => {
  it('answers an offer within the cap', async () => {
    const { token } = await onboardedCustomer(app, { phone: freshPhone() });
    const response = await quote(token, { amount: 100, months: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ offer: { effective_rate: 47.86 } });
  });

  it('refuses an offer above the cap inside the product’s limits, under the amount and the term', async () => {
    const { token } = await onboardedCustomer(app, { phone: freshPhone() });
    const response = await quote(token, { amount: 100, months: 8 });
    expect(response.statusCode).toBe(422);
    const wording =
      'ამ თანხასა და ვადაზე ეფექტური საპროცენტო განაკვეთი აღემატება კანონით დაშვებულ 50%-ს, გთხოვთ, შეცვალოთ თანხა ან ვადა';
    expect(response.json()).toEqual({
      status: 'error',
      message: 'გთხოვთ, გაასწოროთ მონიშნული ველები',
      amount: [wording],
      months: [wording],
    });
    const english = await quote(token, { amount: 100, months: 8 }, { 'accept-language': 'en' });
    expect(english.json()).toMatchObject({
      amount: [expect.stringContaining('50%')],
      months: [expect.stringContaining('50%')],
    });
  });
});
