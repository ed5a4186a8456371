import {
  buildScheduleTetri,
  EffectiveRateCapError,
  effectiveAnnualRate,
  exceedsCap,
  scheduleCashFlows,
  type LoanPricing,
  type LoanTerms,
  type ScheduleTetri,
} from '@sesxi/contract';

/** The schedule's effective annual rate, percent, unrounded (as the cap compares it). */
const rateOf = (schedule: ScheduleTetri) => effectiveAnnualRate(scheduleCashFlows(schedule)) * 100;

/** `schedule` with `waived` tetri taken off its first payment: its fee first, then its interest. */
function waiving(schedule: ScheduleTetri, waived: number): ScheduleTetri {
  const [first, ...rest] = schedule.rows;
  if (!first || waived === 0) return schedule;
  const fee = Math.max(0, first.fee - waived);
  const interest = first.interest - (waived - (first.fee - fee));
  return {
    ...schedule,
    rows: [{ ...first, fee, interest, payment: first.principal + interest + fee }, ...rest],
  };
}

/**
 * The schedule fixed at a payout on `payoutDate`, never above the 50% cap. The contract's
 * figures were checked against the cap on the payout date it expected; a later payout moves
 * the first payment, and a shorter first period still charges a whole monthly fee, which can
 * pass the cap. Then the first payment's fee, and after it its interest, is lowered by the
 * fewest tetri that bring the effective rate within the cap: the customer is never charged
 * above it. Throws `EffectiveRateCapError` when even a first payment of principal alone is over.
 */
export function scheduleWithinCap(
  pricing: LoanPricing,
  terms: LoanTerms,
  payoutDate: string,
): ScheduleTetri {
  const schedule = buildScheduleTetri(pricing, terms, payoutDate);
  if (!exceedsCap(rateOf(schedule))) return schedule;
  const [first] = schedule.rows;
  let over = 0;
  let within = (first?.fee ?? 0) + (first?.interest ?? 0);
  const most = rateOf(waiving(schedule, within));
  if (exceedsCap(most)) throw new EffectiveRateCapError(most);
  // The rate falls as more is waived: the least that is within, by halves.
  while (within - over > 1) {
    const middle = Math.floor((over + within) / 2);
    if (exceedsCap(rateOf(waiving(schedule, middle)))) over = middle;
    else within = middle;
  }
  return waiving(schedule, within);
}
