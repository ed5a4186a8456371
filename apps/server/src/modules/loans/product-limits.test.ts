import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultLoanProduct,
  createLoanProductRepository,
  productItem,
  saveLoanProduct,
} from '#app/modules/loan-products/index.ts';
import { bearer } from '#app/test/accounts.ts';
import {
  createLoanViaApi,
  loansOf,
  loanTestApp,
  loanValues,
  postLoanForm,
} from '#app/test/loans.ts';
import { onboardedCustomer } from '#app/test/onboarding.ts';
import { phoneSeries } from '#app/test/unique.ts';

const freshPhone = phoneSeries('5570');
let app: FastifyInstance;
let close: () => Promise<void>;

/** Runs between a form's check and its handler, when a test sets it. */
let afterFormChecked: (() => Promise<unknown>) | undefined;

beforeAll(async () => {
  ({ app, close } = await loanTestApp());
  app.addHook('preHandler', async () => {
    await afterFormChecked?.();
  });
});

afterAll(() => close());

const customer = () => onboardedCustomer(app, { phone: freshPhone() });
const products = () => createLoanProductRepository(app.database.db);

/** The seeded product with `change`, saved as its next version (the new default). */
const reprice = (change: object) =>
  saveLoanProduct(app.database.db, { ...defaultLoanProduct, ...change });

describe('the loan form under the default product', () => {
  it('announces the default product’s limits and every current product with its pricing', async () => {
    const { token } = await customer();
    const seeded = await products().defaultProduct();
    const response = await app.inject({
      url: '/api/loans',
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
    const body = response.json<{ limits: object; products: object[] }>();
    expect(body.limits).toEqual({
      min_amount: 100,
      max_amount: 50_000,
      min_months: 3,
      max_months: 48,
    });
    // The seed's pricing itself is checked in products.test.ts.
    expect(body.products).toEqual([
      { ...productItem(seeded, 'en'), name: 'Consumer loan', code: 'standard', is_default: true },
    ]);
    expect(body.products[0]).not.toHaveProperty('name_en');
  });

  it('records the product version each application was saved with, the newest after an edit', async () => {
    const { user, token } = await customer();
    const before = await products().defaultProduct();
    const id = await createLoanViaApi(app, token);
    expect((await loansOf(app, user.id))[0]?.productId).toBe(before.id);

    const repriced = await reprice({ nominal_rate: 20 });
    const edit = await postLoanForm(app, token, { url: `/api/loan-edit/${id}`, file: null });
    expect(edit.statusCode).toBe(200);
    expect((await loansOf(app, user.id))[0]?.productId).toBe(repriced.id);
    const shown = await app.inject({ url: `/api/loan-edit/${id}`, headers: bearer(token) });
    expect(shown.json()).toMatchObject({
      products: [{ id: repriced.id, nominal_rate: 20, name: 'სამომხმარებლო სესხი' }],
    });
  });

  it('records the version the form was checked against when a new one is saved meanwhile', async () => {
    const { user, token } = await customer();
    const checkedAgainst = await products().defaultProduct();
    afterFormChecked = () => reprice({ max_amount: 1000 });
    try {
      await createLoanViaApi(app, token, { ...loanValues, amount: 5000 });
    } finally {
      afterFormChecked = undefined;
    }
    const [application] = await loansOf(app, user.id);
    expect(application).toMatchObject({ amount: 5000, productId: checkedAgainst.id });
    expect((await products().defaultProduct()).id).not.toBe(checkedAgainst.id);
  });

  it('refuses amounts and terms outside limits saved after the server started', async () => {
    await reprice({ min_amount: 1000, max_amount: 2000, min_months: 6, max_months: 24 });
    const { user, token } = await customer();
    const limits = await app.inject({ url: '/api/loans', headers: bearer(token) });
    expect(limits.json()).toMatchObject({
      limits: { min_amount: 1000, max_amount: 2000, min_months: 6, max_months: 24 },
    });

    const tooSmall = await postLoanForm(app, token, {
      values: { ...loanValues, amount: '999,99', months: 5 },
    });
    expect(tooSmall.statusCode).toBe(422);
    expect(tooSmall.json()).toEqual({
      status: 'error',
      message: 'გთხოვთ, გაასწოროთ მონიშნული ველები',
      amount: ['თანხა უნდა იყოს მინიმუმ 1000,00\u00a0₾'],
      months: ['მნიშვნელობა უნდა იყოს მინიმუმ 6'],
    });
    const tooBig = await postLoanForm(app, token, { values: { ...loanValues, amount: 2000.01 } });
    expect(tooBig.json()).toMatchObject({ amount: ['თანხა უნდა იყოს მაქსიმუმ 2000,00\u00a0₾'] });
    expect(await loansOf(app, user.id)).toEqual([]);

    const id = await createLoanViaApi(app, token, { ...loanValues, amount: 2000, months: 24 });
    const edited = await postLoanForm(app, token, {
      url: `/api/loan-edit/${id}`,
      values: { ...loanValues, months: 25 },
      file: null,
    });
    expect(edited.statusCode).toBe(422);
    expect(edited.json()).toMatchObject({ months: ['მნიშვნელობა უნდა იყოს მაქსიმუმ 24'] });
    expect((await loansOf(app, user.id))[0]).toMatchObject({ amount: 2000, months: 24 });
  });
});
