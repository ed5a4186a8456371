export { sdaRoutes } from './routes.ts';
export { createSdaService, maskedPersonalNumber } from './service.ts';
