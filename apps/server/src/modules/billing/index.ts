export { default as billingPlugin } from './plugin.ts';
export { billingRoutes } from './routes.ts';
