export { phoneCodeRoutes } from './routes.ts';
export { hasConfirmedCode, spendConfirmedCode } from './service.ts';
