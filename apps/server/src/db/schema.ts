/**
 * The one schema drizzle-kit reads (drizzle.config.ts) and the code imports: the core tables
 * (people, sessions, content, lookups) and, above them, the loans with the consent ledger.
 * core-schema.ts imports nothing of loans-schema.ts, so there is no import circle; the contracts
 * and documents of issue 28 sit above the loans, their signatures, withdrawals and payouts above them.
 */
export * from './core-schema.ts';
export * from './loans-schema.ts';
export * from './contracts-schema.ts';
export * from './signatures-schema.ts';
export * from './payouts-schema.ts';
export * from './servicing-schema.ts';
export * from './card-payments-schema.ts';
export * from './billing-schema.ts';
