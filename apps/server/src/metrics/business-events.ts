import type { CodePurpose } from '#app/db/schema.ts';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The business events, each with what it carries. A module records one with `recordEvent`,
 * which writes its log line; the metrics count it from the same typed record (registry.ts
 * maps every event here to its counter), so neither can drift from the other: an event renamed
 * here is renamed at every call site and in the counters, or the build fails.
 */
export interface BusinessEvents {
  registered: { userId: number };
  code_sent: { phone: string; purpose: CodePurpose };
  login_succeeded: { userId: number };
  login_failed: { phone: string; knownPhone: boolean; reason: string | undefined };
  sda_verified: { userId: number };
  sda_refused: { userId: number; personalNumber: string; accountDeleted: boolean };
  identomat_started: Record<string, never>;
  identomat_verified: { providerResult: string; mismatches: string[] };
  identomat_failed: { providerResult: string; mismatches: string[] };
  identomat_unfinished: Record<string, never>;
  loan_submitted: { loanId: number };
  loan_approval: {
    loanId: number;
    officerId: number;
    state: 'approved' | 'awaiting_second_officer';
  };
  loan_approval_confirmed: { loanId: number; officerId: number };
  loan_rejected: { loanId: number; officerId: number };
}

export type BusinessEventName = keyof BusinessEvents;

/** Every business event, with the level its log line is written at (refusals warn). */
export const businessEvents = {
  registered: 'info',
  code_sent: 'info',
  login_succeeded: 'info',
  login_failed: 'warn',
  sda_verified: 'info',
  sda_refused: 'warn',
  identomat_started: 'info',
  identomat_verified: 'info',
  identomat_failed: 'info',
  identomat_unfinished: 'info',
  loan_submitted: 'info',
  loan_approval: 'info',
  loan_approval_confirmed: 'info',
  loan_rejected: 'info',
} as const satisfies Record<BusinessEventName, 'info' | 'warn'>;

/** One business event and its fields. */
export type BusinessEvent = {
  [Name in BusinessEventName]: { name: Name; fields: BusinessEvents[Name] };
}[BusinessEventName];

/**
 * Marks the fields of a line `recordEvent` wrote. A symbol key is never written to the log, and
 * a hand-written `{ event: 'loan_rejected' }` lacks it, so it counts nothing.
 */
const recorded = Symbol('business event');

/**
 * Records a business event: its log line (with the request's id, when `log` is a request's)
 * at the event's level, `event` naming it, which the metrics count.
 */
export function recordEvent<Name extends BusinessEventName>(
  log: FastifyBaseLogger,
  event: Name,
  fields: BusinessEvents[Name],
  message: string,
): void {
  const line: Record<string | symbol, unknown> = { event, ...fields, [recorded]: true };
  log[businessEvents[event]](line, message);
}

/** The business event a log line is, when `recordEvent` wrote it; undefined for any other line. */
export function businessEventOf(
  event: string,
  fields: Readonly<Record<string, unknown>>,
): BusinessEvent | undefined {
  if (!(recorded in fields) || !Object.hasOwn(businessEvents, event)) return undefined;
  return { name: event, fields } as unknown as BusinessEvent;
}
