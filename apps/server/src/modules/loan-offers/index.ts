export { quote } from './quote.ts';
export { createOfferSnapshotRepository, lenderObligationsOf } from './repository.ts';
export { loanOfferRoutes } from './routes.ts';
export { recordOfferSnapshot } from './service.ts';
