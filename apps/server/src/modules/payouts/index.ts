export { default as payoutsPlugin } from './plugin.ts';
export { payoutRoutes } from './routes.ts';
export type { PayoutOrder } from './request.ts';
export { settlePayoutForWithdrawal, type WithdrawalPayout } from './settle.ts';
export { lastPayoutView, type PayoutView } from './view.ts';
export { officerPayoutView } from './officer-view.ts';
