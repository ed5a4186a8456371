export {
  applicationSummaryOf,
  decisionFiguresJson,
  decisionOf,
  summaryColumns,
  type ApplicationSummary,
  type DecisionFigures,
} from './application-summary.ts';
export { loanFormDocuments } from './form-document.ts';
export { loanRoutes } from './routes.ts';
export { moveApplicationAsStaff, moveApplicationBySystem } from './transitions.ts';
