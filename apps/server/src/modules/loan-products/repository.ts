import type { Locale, LoanLimits, LoanProduct, LoanProductItem } from '@sesxi/contract';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '#app/db/database.ts';
import { maxId } from '#app/db/lookups.ts';
import { aliasedColumns, columnDecoder } from '#app/db/prepared.ts';
import { loanProducts } from '#app/db/schema.ts';

export type ProductRow = typeof loanProducts.$inferSelect;

const productColumns = getTableColumns(loanProducts);

/** Puts a raw row of currentProductsSql (or its JSON) in the query builder's types, in place. */
export const decodeProductRow = columnDecoder(productColumns);

/**
 * The latest version of every code, as a raw select (rows in the query builder's shape, to
 * decode with decodeProductRow); `currentProducts` puts them in order.
 */
export const currentProductsSql = sql`select distinct on (${loanProducts.code})
    ${aliasedColumns(productColumns)} from ${loanProducts}
    order by ${loanProducts.code}, ${loanProducts.version} desc`;

/**
 * The current products of currentProductsSql's decoded rows, in its order (by code): the
 * default first, then the others in that order.
 */
export function currentProducts(rows: ProductRow[]): StoredProduct[] {
  const products = rows.map(storedProduct);
  const chosen = defaultOf(products);
  return products.sort((a, b) => Number(b === chosen) - Number(a === chosen));
}

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

/** The default among the current products; the seed makes one, so none is a broken installation. */
export function defaultProductOf(products: readonly StoredProduct[]): StoredProduct {
  const product = defaultOf(products);
  if (!product) throw new Error('there is no default loan product (the seed saves one)');
  return product;
}

/** Loan products: immutable versions, only ever added. */
export function createLoanProductRepository(db: Database) {
  return {
    /** The latest version of every code, the default first, then by code. */
    async current(): Promise<StoredProduct[]> {
      const rows = rowsOf<ProductRow>(await db.execute(currentProductsSql));
      for (const row of rows) decodeProductRow(row);
      return currentProducts(rows);
    },

    /** The default product; the seed makes one, so none is a broken installation. */
    async defaultProduct(): Promise<StoredProduct> {
      return defaultProductOf(await this.current());
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
