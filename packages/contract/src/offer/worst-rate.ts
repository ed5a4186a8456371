import { effectiveAnnualRate, type CashFlow } from './effective-rate.ts';
import { toGel, toTetri } from './money.ts';
import { payoutCalendars, type PayoutCalendar } from './payout-calendars.ts';
import { upfrontFeeTetri, type LoanProduct } from './product.ts';
import { exceedsCap } from './rate-cap.ts';
import { monthlyPaymentTetri, repaymentsTetri } from './schedule.ts';

/** The worst offer a product can make inside its limits. */
export interface WorstOffer {
  /** Percent, unrounded (round it to show it). */
  effective_rate: number;
  /** GEL, two decimals. */
  amount: number;
  months: number;
  /** A payout date that gives this rate (any date in the same payout situation does). */
  payout_date: string;
  /** Whether that rate is above the legal cap, decided on the unrounded rate. */
  exceeds_cap: boolean;
}

/** The customer's flows of `amount` tetri over `months` (payment k after `days[k − 1]` days). */
function offerFlows(product: LoanProduct, amount: number, months: number) {
  const { principal, interest, regular } = repaymentsTetri(product, amount, months);
  const fee = toTetri(product.monthly_fee);
  return {
    regular,
    received: amount - upfrontFeeTetri(product, toGel(amount)),
    payments: principal.map((part, index) => part + (interest[index] ?? 0) + fee),
  };
}

function rateOf(received: number, payments: readonly number[], days: readonly number[]): number {
  const flows: CashFlow[] = [{ days: 0, amount: received }];
  payments.forEach((payment, index) => flows.push({ days: days[index] ?? 0, amount: -payment }));
  return effectiveAnnualRate(flows);
}

/** The payout situations that differ over `months`: those with the same first counts coincide. */
function calendarsOver(months: number): PayoutCalendar[] {
  const distinct = new Map<string, PayoutCalendar>();
  for (const calendar of payoutCalendars()) {
    const key = calendar.days.slice(0, months).join(',');
    if (!distinct.has(key)) distinct.set(key, calendar);
  }
  return [...distinct.values()];
}

/**
 * The highest effective rate any offer inside the product's limits reaches: over every amount
 * in tetri, every term and every payout situation (`payoutCalendars`, which stand for every
 * payout date), and the offer that reaches it. Exact, not sampled: `exceeds_cap` is true
 * exactly when some offer the product can make is above the cap.
 *
 * Why it need not compute every amount:
 * - Without rounding, an offer of A tetri over n months pays A·a + m each month (a the
 *   annuity factor, m the monthly fee) and receives A·(1 − p) − F (p, F the one-off fees).
 *   At a rate r, with discount factors vₖ = (1 + r)^(−dₖ/365), its present value is
 *   NPV(r, A) = A·c(r) − K(r), where c(r) = 1 − p − a·Σvₖ and K(r) = F + m·Σvₖ ≥ 0. The rate is
 *   the root of NPV, which rises with r; where NPV(r, A) = 0, a larger A' gives
 *   NPV(r, A') = (A' − A)·K(r)/A ≥ 0, so its root is no higher: without rounding a loan's
 *   rate never rises with the amount.
 * - Rounding to the tetri (the one-off percent fee, the annuity, each month's interest, the
 *   last payment settling the rest) moves the present value by at most
 *   δ = ½ + ½·|Σₖ₌₁ⁿ⁻¹ (vₖ − (1 + i)ⁿ⁻ᵏ·vₙ)| + ½·vₙ·Σₖ₌₁ⁿ (1 + i)ⁿ⁻ᵏ tetri (i the monthly
 *   nominal rate): the annuity's rounding α (|α| ≤ ½) is paid in every month but the last,
 *   which returns it with interest; each month's interest rounding εₖ (|εₖ| ≤ ½) is carried
 *   in the balance to the last payment. δ does not depend on the amount. This holds once the
 *   annuity is not lowered to keep the loan from being repaid early (see `annuityTetri`),
 *   which happens only to small amounts over long terms at high rates: each amount's schedule
 *   says whether it is regular (`repaymentsTetri`), and an irregular one is always computed,
 *   as long as the worst rate found is within the cap. Beyond it (only at rates far above the
 *   cap, where these amounts run to thousands of GEL) they are not looked for: `exceeds_cap`
 *   is exact either way, and the offer returned is one the product does make at that rate.
 * - So an offer beats the worst rate r* found so far only if its NPV at r* is negative, and
 *   NPV(r*, A) ≥ A·c(r*) − K(r*) − δ: when c(r*) > 0, no amount from (K(r*) + δ)/c(r*) up
 *   can beat r*. For each term and payout situation only the amounts below that bound (and
 *   the irregular ones) are computed, and each is tested with one pass over its payments
 *   at r*; only an offer that beats it is solved for its rate.
 * The search first takes every term and situation at the smallest amount, so r* starts
 *   high and the bounds are close. Exactly 0% with no fees is 0% everywhere (the payments
 *   add up to the amount): answered at once.
 */
export function maxEffectiveRate(product: LoanProduct): WorstOffer {
  const minAmount = toTetri(product.min_amount);
  const maxAmount = toTetri(product.max_amount);
  const monthly = product.nominal_rate / 100 / 12;
  const fee = toTetri(product.monthly_fee);
  const fixedFee = toTetri(product.origination_fee_fixed);
  const percentFee = product.origination_fee_percent / 100;
  const firstCalendar = payoutCalendars()[0];
  if (!firstCalendar) throw new Error('no payout calendars');

  const answer = (rate: number, amount: number, months: number, payoutDate: string) => ({
    effective_rate: rate * 100,
    amount: toGel(amount),
    months,
    payout_date: payoutDate,
    exceeds_cap: exceedsCap(rate * 100),
  });
  if (product.nominal_rate === 0 && percentFee === 0 && fixedFee === 0 && fee === 0) {
    return answer(0, minAmount, product.min_months, firstCalendar.payout_date);
  }

  let worst = {
    rate: -Infinity,
    amount: minAmount,
    months: product.min_months,
    calendar: firstCalendar,
  };
  // Discount factors at the worst rate so far, by calendar and payment.
  let discounts = new Map<PayoutCalendar, Float64Array>();
  const rediscount = () => {
    discounts = new Map();
    const x = Math.log1p(worst.rate);
    for (const calendar of payoutCalendars()) {
      const factors = new Float64Array(product.max_months);
      for (let k = 0; k < product.max_months; k++) {
        factors[k] = Math.exp((-x * (calendar.days[k] ?? 0)) / 365);
      }
      discounts.set(calendar, factors);
    }
  };
  const consider = (
    amount: number,
    months: number,
    calendar: PayoutCalendar,
    received: number,
    payments: readonly number[],
  ) => {
    const rate = rateOf(received, payments, calendar.days);
    if (rate > worst.rate) {
      worst = { rate, amount, months, calendar };
      return true;
    }
    return false;
  };

  const terms: number[] = [];
  for (let months = product.min_months; months <= product.max_months; months++) terms.push(months);
  const calendarsOf = new Map(terms.map((months) => [months, calendarsOver(months)]));

  // Every term and situation at the smallest amount: a high r* from the start.
  for (const months of terms) {
    const { received, payments } = offerFlows(product, minAmount, months);
    for (const calendar of calendarsOf.get(months) ?? []) {
      consider(minAmount, months, calendar, received, payments);
    }
  }
  rediscount();

  for (const months of terms) {
    const calendars = calendarsOf.get(months) ?? [];
    const annuityFactor = monthly === 0 ? 1 / months : monthly / (1 - (1 + monthly) ** -months);
    const pileUp = monthly === 0 ? months : ((1 + monthly) ** months - 1) / monthly;
    // From here on the annuity is never lowered and every month but the last pays it whole
    // (a sufficient condition; below it each amount's schedule says whether it is regular).
    // Not lowered: `annuityTetri`'s own test. Never clamped: from A·(a − i) ≥ 1 the annuity
    // exceeds the interest on the whole amount, so the balance only falls.
    const irregularBelow = Math.max(
      ((1 + monthly) * (pileUp + 1) + 2) / annuityFactor,
      1 / (annuityFactor - monthly) + 1,
    );
    const boundOf = (calendar: PayoutCalendar): number => {
      const v = discounts.get(calendar) ?? new Float64Array(0);
      let sum = 0;
      for (let k = 0; k < months; k++) sum += v[k] ?? 0;
      const last = v[months - 1] ?? 0;
      let annuityDrift = 0;
      let carried = 0;
      for (let k = 1; k <= months; k++) {
        const growth = (1 + monthly) ** (months - k);
        if (k < months) annuityDrift += (v[k - 1] ?? 0) - growth * last;
        carried += growth;
      }
      const delta = 0.5 + 0.5 * Math.abs(annuityDrift) + 0.5 * last * carried + 1e-6;
      const slope = 1 - percentFee - annuityFactor * sum;
      const beyond = slope > 0 ? (fixedFee + fee * sum + delta) / slope : Infinity;
      return Math.min(maxAmount + 1, beyond);
    };
    let bounds = calendars.map((calendar) => ({ calendar, below: boundOf(calendar) }));
    for (let amount = minAmount + 1; amount <= maxAmount; amount++) {
      bounds = bounds.filter((entry) => amount < entry.below);
      if (bounds.length === 0) {
        // Past every bound only an irregular amount could still beat r*. Once r* is above
        // the cap, they are not looked for: the answer is over the cap either way.
        if (amount >= irregularBelow || exceedsCap(worst.rate * 100)) break;
        const annuity = monthlyPaymentTetri(product, { amount: toGel(amount), months }) - fee;
        if (
          annuity === Math.round(amount * annuityFactor) &&
          amount * (annuityFactor - monthly) >= 1
        ) {
          continue;
        }
      }
      const { regular, received, payments } = offerFlows(product, amount, months);
      const active = regular ? bounds.map((entry) => entry.calendar) : calendars;
      let improved = false;
      for (const calendar of active) {
        const v = discounts.get(calendar) ?? new Float64Array(0);
        let npv = received;
        for (let k = 0; k < months; k++) npv -= (payments[k] ?? 0) * (v[k] ?? 0);
        // A margin for the floating point: a near tie is solved and compared exactly.
        if (npv < 1e-7 * received && consider(amount, months, calendar, received, payments)) {
          improved = true;
        }
      }
      if (improved) {
        // Every amount so far is at most the new r*: the bounds only need recomputing.
        rediscount();
        bounds = calendars.map((calendar) => ({ calendar, below: boundOf(calendar) }));
      }
    }
  }
  return answer(worst.rate, worst.amount, worst.months, worst.calendar.payout_date);
}
