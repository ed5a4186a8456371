export { verificationCheckOf } from './check-view.ts';
export { decodeCheck, type IdentityCheck, latestCompletedChecks } from './repository.ts';
export { identityCheckRoutes } from './routes.ts';
