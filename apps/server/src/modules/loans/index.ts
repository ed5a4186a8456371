export { readLoanForm } from './bank-statements.ts';
export { loanCreateBody, loanEditBody } from './loan-form.ts';
export { loanRoutes } from './routes.ts';
export { moveApplicationAsStaff } from './transitions.ts';
