import type { Locale, LoanLimits, LoanProduct, LoanProductItem } from '@sesxi/contract';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { maxId } from '#app/db/lookups.ts';
import { loanProducts } from '#app/db/schema.ts';

type ProductRow = typeof loanProducts.$inferSelect;

/** A stored product version: what the offer calculation takes, and how it is named and chosen. */
export interface StoredProduct extends LoanProduct {
  code: string;
  name_en: string;
  is_default: boolean;
}

/** What a new version is stored with; `version` is the next one of its `code`. */
export type NewProductVersion = Omit<StoredProduct, 'id' | 'version'>;

function storedProduct(row: ProductRow): StoredProduct {
  return {
    id: row.id,
    code: row.code,
    version: row.version,
    name: row.name,
    name_en: row.nameEn,
    nominal_rate: row.nominalRate,
    origination_fee_percent: row.originationFeePercent,
    origination_fee_fixed: row.originationFeeFixed,
    monthly_fee: row.monthlyFee,
    min_amount: row.minAmount,
    max_amount: row.maxAmount,
    min_months: row.minMonths,
    max_months: row.maxMonths,
    is_default: row.isDefault,
  };
}

/** A product as `GET /api/loans` lists it, named in `locale`. */
export function productItem(product: StoredProduct, locale: Locale): LoanProductItem {
  const { name_en: nameEn, ...item } = product;
  return { ...item, name: locale === 'en' ? nameEn : product.name };
}

/** The product's limits alone, as the form announces and checks them. */
export function limitsOf(product: LoanLimits): LoanLimits {
  const { min_amount, max_amount, min_months, max_months } = product;
  return { min_amount, max_amount, min_months, max_months };
}

/**
 * The default product among the current ones: the latest saved version marked default (so
 * saving another code as default makes it the default without touching the old rows).
 */
export function defaultOf(products: readonly StoredProduct[]): StoredProduct | undefined {
  return products
    .filter((product) => product.is_default)
    .reduce<StoredProduct | undefined>(
      (latest, product) => (!latest || product.id > latest.id ? product : latest),
      undefined,
    );
}

/** Loan products: immutable versions, only ever added. */
export function createLoanProductRepository(db: Database) {
  return {
    /** The latest version of every code, the default first, then by code. */
    async current(): Promise<StoredProduct[]> {
      const rows = await db
        .selectDistinctOn([loanProducts.code])
        .from(loanProducts)
        .orderBy(asc(loanProducts.code), desc(loanProducts.version));
      const products = rows.map(storedProduct);
      const chosen = defaultOf(products);
      return products.sort((a, b) => Number(b === chosen) - Number(a === chosen));
    },

    /** The default product; the seed makes one, so none is a broken installation. */
    async defaultProduct(): Promise<StoredProduct> {
      const product = defaultOf(await this.current());
      if (!product) throw new Error('there is no default loan product (the seed saves one)');
      return product;
    },

    /** One exact version (an application's or a snapshot's). */
    async byId(id: number): Promise<StoredProduct | undefined> {
      if (id > maxId) return undefined;
      const [row] = await db.select().from(loanProducts).where(eq(loanProducts.id, id));
      return row && storedProduct(row);
    },

    /** Adds the next version of `product.code`; call through `saveLoanProduct`, which checks it. */
    async insertVersion(product: NewProductVersion): Promise<StoredProduct> {
      const [row] = await db
        .insert(loanProducts)
        .values({
          code: product.code,
          version: sql`(select coalesce(max(${loanProducts.version}), 0) + 1 from ${loanProducts} where ${loanProducts.code} = ${product.code})`,
          name: product.name,
          nameEn: product.name_en,
          nominalRate: product.nominal_rate,
          originationFeePercent: product.origination_fee_percent,
          originationFeeFixed: product.origination_fee_fixed,
          monthlyFee: product.monthly_fee,
          minAmount: product.min_amount,
          maxAmount: product.max_amount,
          minMonths: product.min_months,
          maxMonths: product.max_months,
          isDefault: product.is_default,
        })
        .returning();
      if (!row) throw new Error('inserting a loan product returned no row');
      return storedProduct(row);
    },
  };
}

export type LoanProductRepository = ReturnType<typeof createLoanProductRepository>;
