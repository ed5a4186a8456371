/*
 * The limits the law puts on a consumer loan's costs (domain-notes.md), as the key-terms sheet
 * states them.
 */

/** Late payment: at most this share of the outstanding principal a day, percent. */
export const latePenaltyPercentPerDay = 0.27;

/** All the costs of late payment together: at most this many times the outstanding principal. */
export const lateCostsCapTimesPrincipal = 1.5;

/**
 * The early-repayment fee by the months left (as Georgian banks apply the rule): more than
 * `moreThanMonths` months left, `percent` of what is repaid early; the first row that applies.
 */
export const earlyRepaymentFees = [
  { moreThanMonths: 24, percent: 2 },
  { moreThanMonths: 12, percent: 1 },
  { moreThanMonths: 6, percent: 0.5 },
  { moreThanMonths: 0, percent: 0 },
] as const;

/** Repaid early because another lender refinances the loan: at most this fee, percent. */
export const refinancingFeeCapPercent = 0.5;

/** Days after signing within which the customer may withdraw from a remote contract. */
export const withdrawalDays = 14;

/** Days a customer who withdrew after the payout has to pay back. */
export const withdrawalRepaymentDays = 30;
