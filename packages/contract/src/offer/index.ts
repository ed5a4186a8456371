/**
 * The loan offer calculation, shared by the server (the authority on submit) and the web app
 * (live while the customer types): pure functions, no I/O, no clock — the caller passes the
 * payout date. Amounts are counted in tetri inside and shown as GEL with two decimals.
 */
export {
  loanProduct,
  upfrontFeeTetri,
  type LoanPricing,
  type LoanProduct,
  type LoanProductInput,
} from './product.ts';
export {
  buildScheduleTetri,
  monthlyPaymentTetri,
  type LoanTerms,
  type ScheduleRowTetri,
  type ScheduleTetri,
} from './schedule.ts';
export { roundPercent, toGel, toTetri } from './money.ts';
export { representativeLoanTerms, standardLoanProduct } from './standard-product.ts';
export { effectiveAnnualRate, scheduleCashFlows, type CashFlow } from './effective-rate.ts';
export { computeOffer, loanOffer, scheduleRow, type LoanOffer, type ScheduleRow } from './offer.ts';
export { EffectiveRateCapError, effectiveRateCap, exceedsCap, offerWithinCap } from './rate-cap.ts';
export { maxEffectiveRate, type WorstOffer } from './worst-rate.ts';
export { payoutCalendars, type PayoutCalendar } from './payout-calendars.ts';
export {
  addDaysToIsoDate,
  addMonths,
  days30E360,
  daysBetween,
  formatIsoDate,
  parseIsoDate,
} from './calendar.ts';
export {
  affordability,
  affordabilityAlternative,
  checkAffordability,
  defaultPtiLimits,
  netMonthlyIncome,
  ptiLimitFor,
  ptiLimits,
  type Affordability,
  type AffordabilityAlternative,
  type AffordabilityInput,
  type IncomeSources,
  type PtiLimits,
} from './affordability.ts';
