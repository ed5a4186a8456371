import type { Locale, MessageKey } from '@sesxi/contract';

/** The credit officer acting, and from where: what the access log records and the rules judge. */
export interface Officer {
  userId: number;
  /**
   * The personal number the officer signs in with (single sign-on, or set when the account was
   * made); null for a service account.
   */
  identityNumber: string | null;
  /** A lender's system calling with a long-lived token, not a person. */
  isMachine: boolean;
  ip: string;
  locale: Locale;
}

/** Who an application is of: the customer's account and the personal numbers it was made under. */
export interface Applicant {
  userId: number;
  /** The account's personal number and the one single sign-on vouched for at submission. */
  personalNumbers: (string | null)[];
}

/**
 * Why `officer` may not decide (take, approve, reject or confirm) `applicant`'s application, or
 * undefined when they may. Nobody decides their own application, by account or by personal
 * number; a person whose account has no personal number cannot be told apart from the
 * applicant, so decides nothing until it has one.
 */
export function decidingRefusal(officer: Officer, applicant: Applicant): MessageKey | undefined {
  if (applicant.userId === officer.userId) return 'decision.ownApplication';
  if (officer.identityNumber === null) {
    return officer.isMachine ? undefined : 'decision.personalNumberMissing';
  }
  return applicant.personalNumbers.includes(officer.identityNumber)
    ? 'decision.ownApplication'
    : undefined;
}
