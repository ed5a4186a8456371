export { createSsoRepository, type SsoContext } from './repository.ts';
export { ssoRoutes } from './routes.ts';
export { spendLoanSignIn, spendRegistrationSignIn } from './service.ts';
