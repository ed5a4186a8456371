export { loginRoutes } from './routes.ts';
