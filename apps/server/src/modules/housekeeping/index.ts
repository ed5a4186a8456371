export { default as housekeepingPlugin } from './plugin.ts';
export { pruneExpired } from './prune.ts';
