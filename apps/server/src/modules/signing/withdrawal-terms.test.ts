import { describe, expect, it } from 'vitest';
import { withdrawalTerms } from './withdrawal-terms.ts';

describe('withdrawalTerms', () => {
  it('owes nothing when nothing was paid out', () => {
    expect(
      withdrawalTerms({ outcome: 'not_paid' }, { nominalRate: 24, today: '2026-12-01' }),
    ).toEqual({
      state: 'withdrawn',
      principal: 0,
      interest: 0,
      amountDue: 0,
      daysUsed: 0,
      dueDate: null,
    });
  });

  it('owes the principal paid out and the interest of the days used, in 30 days', () => {
    // 1470 GEL for 10 days at 24%: 1470 × 0.24 × 10 / 360 = 9.80 GEL.
    expect(
      withdrawalTerms(
        { outcome: 'paid', amount: 147_000, paidOn: '2026-11-23' },
        { nominalRate: 24, today: '2026-12-03' },
      ),
    ).toEqual({
      state: 'withdrawing',
      principal: 147_000,
      interest: 980,
      amountDue: 147_980,
      daysUsed: 10,
      dueDate: '2027-01-02',
    });
  });

  it('counts the days as the schedule does (30E/360) and rounds the interest to the tetri', () => {
    // 31 January to 14 February is 14 days 30E/360 (the 31st counts as the 30th).
    const terms = withdrawalTerms(
      { outcome: 'paid', amount: 100_001, paidOn: '2027-01-31' },
      { nominalRate: 22.5, today: '2027-02-14' },
    );
    expect(terms.daysUsed).toBe(14);
    expect(terms.interest).toBe(Math.round((100_001 * 22.5 * 14) / 36_000));
    expect(terms.amountDue).toBe(terms.principal + terms.interest);
  });

  it('charges no interest for a withdrawal on the day of the payout', () => {
    expect(
      withdrawalTerms(
        { outcome: 'paid', amount: 50_000, paidOn: '2026-11-23' },
        { nominalRate: 24, today: '2026-11-23' },
      ),
    ).toMatchObject({ interest: 0, amountDue: 50_000, daysUsed: 0 });
  });
});
