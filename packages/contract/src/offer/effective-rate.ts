import { daysBetween } from './calendar.ts';
import type { ScheduleTetri } from './schedule.ts';

/** One cash flow seen from the customer: + received, − paid; `days` after the payout. */
export interface CashFlow {
  days: number;
  amount: number;
}

/**
 * The effective annual rate r (a fraction: 0.2682 is 26.82%) that makes the flows' present
 * value zero, discounting each by (1 + r)^(days / 365) — the National Bank of Georgia
 * calculator's convention.
 *
 * Expects what a loan is: one positive flow at day 0 (the amount received) and payments after
 * it. Then NPV(r) = received − Σ paid·(1 + r)^(−t) rises strictly with r, from −∞ near
 * r = −1 to `received` as r → ∞, so there is exactly one root. The solver keeps a bracket
 * [low, high] with NPV(low) < 0 < NPV(high) and takes a Newton step when it stays inside the
 * bracket, else bisects: it converges from 0% to thousands of percent, in a handful of
 * iterations of O(flows) each. It works on x = ln(1 + r), where the discount factors are
 * plain exponentials, so very high rates do not overflow.
 */
export function effectiveAnnualRate(flows: readonly CashFlow[]): number {
  const received = flows.reduce((sum, flow) => sum + (flow.days === 0 ? flow.amount : 0), 0);
  const paid = flows.reduce((sum, flow) => sum + (flow.days > 0 ? -flow.amount : 0), 0);
  if (
    received <= 0 ||
    paid <= 0 ||
    flows.some((flow) => flow.days < 0 || (flow.days > 0 && flow.amount > 0))
  ) {
    throw new RangeError('Expected one payout at day 0 followed by payments');
  }

  // NPV and its derivative in x = ln(1 + r): each flow is amount · e^(−x·t), t in years.
  const npv = (x: number): [value: number, slope: number] => {
    let value = 0;
    let slope = 0;
    for (const { days, amount } of flows) {
      const t = days / 365;
      const discounted = amount * Math.exp(-x * t);
      value += discounted;
      slope -= t * discounted;
    }
    return [value, slope];
  };

  // Bracket: NPV rises with x; widen each side until the sign changes.
  let low = -1;
  while (npv(low)[0] >= 0) low *= 2;
  let high = 1;
  while (npv(high)[0] <= 0) high *= 2;

  // First guess: the growth from received to paid, spread over the payments' mean time.
  const meanYears =
    flows.reduce((sum, flow) => sum + (flow.days > 0 ? (-flow.amount * flow.days) / 365 : 0), 0) /
    paid;
  let x = Math.log(paid / received) / meanYears;
  if (!(x > low && x < high)) x = (low + high) / 2;
  for (let iteration = 0; iteration < 200; iteration++) {
    const [value, slope] = npv(x);
    if (value === 0) break;
    if (value < 0) low = x;
    else high = x;
    const newton = x - value / slope;
    const next = newton > low && newton < high ? newton : (low + high) / 2;
    if (Math.abs(next - x) < 1e-13 || high - low < 1e-13) {
      x = next;
      break;
    }
    x = next;
  }
  return Math.expm1(x);
}

/** The customer's flows of a schedule: amount − one-off fees at day 0, each payment on its date. */
export function scheduleCashFlows(schedule: ScheduleTetri): CashFlow[] {
  return [
    { days: 0, amount: schedule.amount - schedule.upfrontFee },
    ...schedule.rows.map((row) => ({
      days: daysBetween(schedule.start, row.date),
      amount: -row.payment,
    })),
  ];
}
