export { phoneCodeRoutes } from './routes.ts';
export {
  type BoundCode,
  type BoundPurpose,
  createPhoneCodeService,
  hasConfirmedCode,
  type MatchedCode,
  spendBoundCode,
  spendConfirmedCode,
} from './service.ts';
