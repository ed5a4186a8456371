export { creditReportJobs } from './jobs.ts';
export type { SubmittedInputs } from './repository.ts';
export { bureauObligations, requestCreditReport } from './service.ts';
