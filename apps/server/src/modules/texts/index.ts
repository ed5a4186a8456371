export { default as textsPlugin } from './plugin.ts';
export type { TextQueue } from './plugin.ts';
