import { openLoanStatuses, type LoanStatusCode } from '@sesxi/contract';

export interface Transition {
  from: readonly LoanStatusCode[];
  to: LoanStatusCode;
  /**
   * Refused once a credit officer has approved, though the status is still one it leaves: an
   * approval above the four-eyes threshold keeps the application under review until a second
   * officer confirms it.
   */
  refusedOnceApproved?: true;
}

/**
 * The one place that says how an application moves. A transition is carried out as a single
 * conditional UPDATE (`status in from`) with its history row in the same transaction, so of
 * two requests racing on one application only one can find it in a state it may leave.
 */
export const loanTransitions = {
  /** The customer saves the form again; a consent given for the old values no longer counts. */
  edit: { from: ['draft', 'consented'], to: 'draft' },
  /** The credit-bureau consent; given again when the customer comes back to the consent screen. */
  consent: { from: ['draft', 'consented'], to: 'consented' },
  /** Identification by single sign-on finished: the application reaches the lender. */
  submit: { from: ['consented'], to: 'submitted' },
  startReview: { from: ['submitted'], to: 'under_review' },
  approve: { from: ['under_review'], to: 'approved' },
  /** A second officer confirms an approval awaiting them (four eyes): it becomes final. */
  confirm: { from: ['under_review'], to: 'approved' },
  reject: { from: ['under_review'], to: 'rejected' },
  cancel: { from: openLoanStatuses, to: 'cancelled', refusedOnceApproved: true },
  /** The binding offer's last day passed unsigned (close of day). */
  expire: { from: ['approved'], to: 'expired' },
  /** The customer signs the approved offer's contract with the texted code (decision 022). */
  sign: { from: ['approved'], to: 'signed' },
  /** Withdrawn within 14 days, before the payout: nothing was paid, nothing is owed. */
  withdraw: { from: ['signed'], to: 'withdrawn' },
  /** Withdrawn within 14 days of a paid-out loan: owed back until it is repaid. */
  withdrawAfterPayout: { from: ['active'], to: 'withdrawing' },
  /** The payout reached the customer's account (the bank's answer, or the core system's report). */
  disburse: { from: ['signed'], to: 'active' },
  /** Everything owed is paid (servicing). */
  repay: { from: ['active'], to: 'repaid' },
  /** What a withdrawal after the payout left owed is paid back (servicing). */
  completeWithdrawal: { from: ['withdrawing'], to: 'withdrawn' },
} as const satisfies Record<string, Transition>;

export type LoanTransition = keyof typeof loanTransitions;
