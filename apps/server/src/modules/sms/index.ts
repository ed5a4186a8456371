export { default as smsPlugin } from './plugin.ts';
export type { SmsQueue } from './plugin.ts';
