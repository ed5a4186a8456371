export { default as jobsPlugin } from './plugin.ts';
export { createJobRepository, type Job } from './repository.ts';
export { JobPostponed, retryDelayMs } from './runner.ts';
