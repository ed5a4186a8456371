export { decisionRoutes } from './routes.ts';
