export { listWithSessionValues } from './read-values.ts';
export { createSupportRepository } from './repository.ts';
export { supportRoutes } from './routes.ts';
