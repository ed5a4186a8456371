export { default as businessDatePlugin } from './plugin.ts';
export type { CloseOfDayStep } from './calendar.ts';
