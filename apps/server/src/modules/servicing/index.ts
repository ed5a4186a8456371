export { default as servicingPlugin } from './plugin.ts';
export { servicingRoutes } from './routes.ts';
export { openLoanAccount } from './open.ts';
export type { Payment, PostedPayment, PostPayment } from './payments.ts';
export { accountView } from './account-view.ts';
export { createServicingRepository, totalsOf } from './repository.ts';
export { isServiced, loanAccountOn } from './loan-account.ts';
export { withdrawalLeft } from './withdrawal-dues.ts';
