import { standardLoanProduct } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { createLoanProductRepository, defaultOf } from './repository.ts';
import { saveLoanProduct, type LoanProductSettings } from './save-product.ts';

/**
 * The product the seed saves when there is no default product yet (through the same check as
 * `npm run product:save`): 24% a year (2% a month), a 2% one-off fee, no monthly fee,
 * 100–50,000 GEL over 3–48 months. Its highest effective rate, about 45% for 100 GEL over 3
 * months paid out on the 31st of January, stays under the legal 50%. Change pricing later with
 * `npm run product:save`, not here: the seed never touches a product that exists.
 */
export const defaultLoanProduct: LoanProductSettings = {
  code: 'standard',
  name: 'სამომხმარებლო სესხი',
  name_en: 'Consumer loan',
  ...standardLoanProduct,
  is_default: true,
};

/**
 * Saves `product` (the standard one unless told) when there is no default product: the loan
 * products' part of the seed, which app.ts gives the database plugin for `seedDatabase` so that it
 * runs in the seed's transaction and lock.
 */
export async function seedDefaultLoanProduct(
  db: Database,
  product: LoanProductSettings = defaultLoanProduct,
): Promise<void> {
  if (!defaultOf(await createLoanProductRepository(db).current())) {
    await saveLoanProduct(db, product);
  }
}
