export { default as jobsPlugin } from './plugin.ts';
export { createJobRepository, type Job, type NewJob } from './repository.ts';
export { JobPostponed, retryDelayMs } from './runner.ts';
