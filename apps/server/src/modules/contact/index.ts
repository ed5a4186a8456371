export { contactRoutes } from './routes.ts';
