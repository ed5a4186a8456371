import { maxEffectiveRate } from '@sesxi/contract';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '#app/db/database.ts';
import { loanProducts } from '#app/db/schema.ts';
import { defaultLoanProduct, seedDefaultLoanProduct } from './default-product.ts';
import { seedDatabase } from '#app/db/seed/seed.ts';
import { openTestDatabase } from '#app/test/build-test-app.ts';
import { createLoanProductRepository, productItem } from './repository.ts';
import {
  LoanProductRefusedError,
  saveLoanProduct,
  type LoanProductSettings,
} from './save-product.ts';

let connection: DatabaseConnection;

beforeEach(async () => {
  connection = await openTestDatabase();
  await seedDatabase(connection.db);
  await seedDefaultLoanProduct(connection.db);
});

afterEach(() => connection.close());

const products = () => createLoanProductRepository(connection.db);

/** The problems a refused save names; fails the test when the save went through. */
async function refusal(settings: LoanProductSettings): Promise<string[]> {
  const error: unknown = await saveLoanProduct(connection.db, settings).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(LoanProductRefusedError);
  return (error as LoanProductRefusedError).problems;
}

describe('the seeded default product', () => {
  it('is version 1 of standard, as default-product.ts has it, and under the 50% cap everywhere', async () => {
    const current = await products().current();
    expect(current).toEqual([
      { ...defaultLoanProduct, id: expect.any(Number) as number, version: 1 },
    ]);
    const seeded = await products().defaultProduct();
    // The worst case is a small amount over the shortest term: 2% taken over 3 months, paid
    // out on Jan 31 (the first payment after 28 days).
    const worst = maxEffectiveRate(seeded);
    expect(worst).toMatchObject({ months: 3, payout_date: '2025-01-31', exceeds_cap: false });
    expect(worst.amount).toBeLessThan(101);
    expect(worst.effective_rate).toBeLessThan(50);
  });

  it('is not saved again by a second seed, nor over a product an operator saved', async () => {
    await saveLoanProduct(connection.db, { ...defaultLoanProduct, nominal_rate: 22 });
    await seedDefaultLoanProduct(connection.db);
    const rows = await connection.db.select().from(loanProducts);
    expect(rows.map(({ version, nominalRate }) => [version, nominalRate])).toEqual([
      [1, 24],
      [2, 22],
    ]);
  });
});

describe('saveLoanProduct', () => {
  it('stores the next version of the code; the current product is the latest', async () => {
    const saved = await saveLoanProduct(connection.db, {
      ...defaultLoanProduct,
      nominal_rate: 22,
      origination_fee_percent: 1.5,
    });
    expect(saved).toMatchObject({
      code: 'standard',
      version: 2,
      nominal_rate: 22,
      origination_fee_percent: 1.5,
    });
    expect(await products().defaultProduct()).toEqual(saved);
    expect(await products().current()).toHaveLength(1);
    expect((await products().byId(saved.id - 1))?.nominal_rate).toBe(24);
  });

  it('keeps the default the latest version marked default, listed first', async () => {
    const other = await saveLoanProduct(connection.db, {
      ...defaultLoanProduct,
      code: 'auto',
      name: 'ავტოსესხი',
      name_en: 'Car loan',
      nominal_rate: 18,
      is_default: false,
    });
    expect((await products().defaultProduct()).code).toBe('standard');
    const madeDefault = await saveLoanProduct(connection.db, {
      ...defaultLoanProduct,
      code: 'auto',
      name: 'ავტოსესხი',
      name_en: 'Car loan',
      nominal_rate: 18,
    });
    expect(madeDefault).toMatchObject({ id: other.id + 1, version: 2, is_default: true });
    expect((await products().current()).map(({ code }) => code)).toEqual(['auto', 'standard']);
    expect(productItem(madeDefault, 'en')).toMatchObject({ name: 'Car loan', is_default: true });
    expect(productItem(madeDefault, 'ka')).not.toHaveProperty('name_en');
  });

  it('refuses a product whose effective rate could exceed 50% and stores nothing', async () => {
    // 24% with 2% is fine from 100 GEL; a fixed 10 GEL fee on 100 GEL over 3 months is not.
    const problems = await refusal({ ...defaultLoanProduct, origination_fee_fixed: 10 });
    expect(problems).toEqual([
      expect.stringMatching(
        /^the effective annual rate could reach \d+\.\d+% \(\d+\.\d{4}% unrounded\) for 100 GEL over 3 months paid out on \d{4}-\d\d-\d\d, above the legal 50%$/,
      ),
    ]);
    expect(await refusal({ ...defaultLoanProduct, nominal_rate: 45 })).toHaveLength(1);
    expect(await connection.db.select().from(loanProducts)).toHaveLength(1);
  });

  it('refuses a product that exceeds the cap only when paid out on some days', async () => {
    // 41% without fees is 49.31% effective for a payout mid-month, but 50.16% for 100 GEL
    // paid out on January 31 (the first month has 28 days), and 50.21% for 100.74 GEL, where
    // the tetri roundings fall worst; 40.8% stays below everywhere.
    const feeless = { ...defaultLoanProduct, origination_fee_percent: 0, min_months: 12 };
    const problems = await refusal({ ...feeless, nominal_rate: 41 });
    expect(problems).toEqual([
      'the effective annual rate could reach 50.21% (50.2137% unrounded) for 100.74 GEL over 12 months paid out on 2025-01-31, above the legal 50%',
    ]);
    await expect(
      saveLoanProduct(connection.db, { ...feeless, nominal_rate: 40.8 }),
    ).resolves.toMatchObject({ version: 2 });
  });

  it.each([
    { nominal_rate: 20.52, monthly_fee: 1, min_amount: 99.99, shown: 50.02 },
    { nominal_rate: 33.46, origination_fee_fixed: 1, min_amount: 99.5, shown: 50.02 },
    {
      nominal_rate: 18.26,
      origination_fee_percent: 2,
      monthly_fee: 0.5,
      min_amount: 100,
      shown: 50.06,
    },
  ])(
    'refuses a product the sampled probe let through: $nominal_rate%',
    async ({ shown, ...change }) => {
      const product = {
        ...defaultLoanProduct,
        origination_fee_percent: 0,
        origination_fee_fixed: 0,
        monthly_fee: 0,
        ...change,
      };
      const [problem] = await refusal(product);
      expect(problem).toMatch(/^the effective annual rate could reach \d+\.\d\d% /);
      expect(Number(/reach (\d+\.\d+)%/.exec(problem ?? '')?.[1])).toBeGreaterThanOrEqual(shown);
      expect(await connection.db.select().from(loanProducts)).toHaveLength(1);
    },
  );

  it.each<[string, Partial<LoanProductSettings>, string[]]>([
    ['a negative rate', { nominal_rate: -1 }, ['nominal_rate: The value must be at least 0']],
    [
      'limits the wrong way round',
      { min_amount: 5000, max_amount: 1000, min_months: 12, max_months: 6 },
      ['max_amount: must not be below min_amount', 'max_months: must not be below min_months'],
    ],
    [
      'a fraction of a tetri',
      { monthly_fee: 0.005 },
      ['monthly_fee: An amount has at most 2 decimal places'],
    ],
    ['a term of half a month', { max_months: 12.5 }, ['max_months: Enter a whole number']],
    [
      'fixed fees that take the whole minimum amount',
      { origination_fee_fixed: 100 },
      ['origination_fee_fixed: the one-off fees would take the whole minimum amount'],
    ],
    ['a missing name', { name_en: ' ' }, ['name_en: This field is required']],
    [
      'a code with spaces',
      { code: 'my product' },
      ['code: must be 1–40 lower-case letters, digits, - or _'],
    ],
    ['no rate', { nominal_rate: undefined }, ['nominal_rate: This field is required']],
  ])('refuses %s', async (_name, change, expected) => {
    expect(await refusal({ ...defaultLoanProduct, ...change })).toEqual(expected);
  });

  it('keeps versions as they were: the table refuses UPDATE and DELETE', async () => {
    const { id } = await products().defaultProduct();
    await expect(
      connection.db.update(loanProducts).set({ nominalRate: 60 }).where(eq(loanProducts.id, id)),
    ).rejects.toThrow();
    await expect(connection.db.execute(sql`delete from loan_products`)).rejects.toThrow();
    expect((await products().byId(id))?.nominal_rate).toBe(24);
  });
});
