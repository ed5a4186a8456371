import {
  addDaysToIsoDate,
  buildScheduleTetri,
  effectiveAnnualRate,
  effectiveRateCap,
  offerWithinCap,
  scheduleCashFlows,
  type ScheduleTetri,
} from '@sesxi/contract';
import { describe, expect, it } from 'vitest';
import { scheduleWithinCap } from './capped-schedule.ts';

/** 24% a year, 2% one-off and 10 GEL a month: just within the cap on some payout days. */
const pricing = {
  nominal_rate: 24,
  origination_fee_percent: 2,
  origination_fee_fixed: 0,
  monthly_fee: 10,
};
const terms = { amount: 1500, months: 12, paymentDay: 10 };
const rateOf = (schedule: ScheduleTetri) => effectiveAnnualRate(scheduleCashFlows(schedule)) * 100;

/** The day the contract's figures expected the payout (they passed the cap on it). */
const expected = '2026-11-26';

describe('the schedule fixed at a payout', () => {
  it('is the contract’s schedule from the payout day while that is within the cap', () => {
    expect(() => offerWithinCap(pricing, terms, expected)).not.toThrow();
    expect(scheduleWithinCap(pricing, terms, expected)).toEqual(
      buildScheduleTetri(pricing, terms, expected),
    );
  });

  it('never passes the cap when the payout comes many days after the signature: the first payment’s fee is lowered', () => {
    const late = addDaysToIsoDate(expected, 20);
    const plain = buildScheduleTetri(pricing, terms, late);
    // Paid out 20 days late, the short first period would charge above 50%.
    expect(rateOf(plain)).toBeGreaterThan(effectiveRateCap);

    const fixed = scheduleWithinCap(pricing, terms, late);
    expect(rateOf(fixed)).toBeLessThanOrEqual(effectiveRateCap);
    expect(rateOf(fixed)).toBeGreaterThan(effectiveRateCap - 0.01);
    const [first, ...rest] = fixed.rows;
    const [plainFirst, ...plainRest] = plain.rows;
    expect(rest).toEqual(plainRest);
    expect(first).toMatchObject({
      date: plainFirst?.date,
      principal: plainFirst?.principal,
      interest: plainFirst?.interest,
    });
    expect(first?.fee).toBeLessThan(plainFirst?.fee ?? 0);
    expect(first?.payment).toBe(
      (first?.principal ?? 0) + (first?.interest ?? 0) + (first?.fee ?? 0),
    );
  });

  it('is within the cap on every payout day of the next two months', () => {
    for (let days = 0; days < 60; days += 1) {
      const schedule = scheduleWithinCap(pricing, terms, addDaysToIsoDate(expected, days));
      expect(rateOf(schedule)).toBeLessThanOrEqual(effectiveRateCap);
    }
  });
});
