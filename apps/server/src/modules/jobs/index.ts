export { default as jobsPlugin } from './plugin.ts';
export { createJobRepository, type Job } from './repository.ts';
export { retryDelayMs } from './runner.ts';
