export { pruneExpired } from './prune.ts';
