export { defaultLoanProduct, seedDefaultLoanProduct } from './default-product.ts';
export {
  createLoanProductRepository,
  currentProducts,
  currentProductsSql,
  decodeProductRow,
  defaultOf,
  defaultProductOf,
  limitsOf,
  productItem,
  type ProductRow,
  type StoredProduct,
} from './repository.ts';
export {
  LoanProductRefusedError,
  type LoanProductSettings,
  saveLoanProduct,
} from './save-product.ts';
