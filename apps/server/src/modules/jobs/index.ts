export { default as jobsPlugin } from './plugin.ts';
export { createJobRepository, type Job, type NewJob } from './repository.ts';
export {
  createJobRunner,
  type JobHandler,
  type JobKind,
  type JobKindOptions,
  retryDelayMs,
} from './runner.ts';
