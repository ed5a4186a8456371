// The core tables (people, sessions, content, lookups), by meaning; loans-schema.ts builds on
// them and none of these imports it, so there is no import circle.
export * from './reference-schema.ts';
export * from './accounts-schema.ts';
export * from './content-schema.ts';
export * from './records-schema.ts';
export * from './sandbox-schema.ts';
