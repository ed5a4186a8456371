export { loanFormDocuments } from './form-document.ts';
export { loanRoutes } from './routes.ts';
export { moveApplicationAsStaff } from './transitions.ts';
