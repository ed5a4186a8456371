import { describe, expect, it } from 'vitest';
import { loanProduct, upfrontFeeTetri } from './product.ts';
import { productInput } from './test-support.ts';

const base = productInput;

describe('loanProduct', () => {
  it('defaults the fees to none', () => {
    expect(loanProduct.parse(base)).toMatchObject({
      origination_fee_percent: 0,
      origination_fee_fixed: 0,
      monthly_fee: 0,
    });
  });

  it.each([
    [{ min_amount: 60_000 }, 'max_amount'],
    [{ min_months: 49 }, 'max_months'],
    [{ max_months: 121 }, 'max_months'],
    [{ monthly_fee: 1.005 }, 'monthly_fee'],
    [{ origination_fee_fixed: 100 }, 'origination_fee_fixed'],
    [{ origination_fee_percent: 60, origination_fee_fixed: 40 }, 'origination_fee_fixed'],
    [{ nominal_rate: -1 }, 'nominal_rate'],
    [{ min_amount: 0 }, 'min_amount'],
  ])('refuses %o under %s', (change, field) => {
    const result = loanProduct.safeParse({ ...base, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0])).toContain(field);
  });
});

describe('upfrontFeeTetri', () => {
  it('rounds the percent part to the tetri and adds the fixed part', () => {
    const pricing = {
      nominal_rate: 24,
      origination_fee_percent: 1.5,
      origination_fee_fixed: 10,
      monthly_fee: 0,
    };
    expect(upfrontFeeTetri(pricing, 1000)).toBe(15_00 + 10_00);
    // 1.5% of 333.33 = 4.99995 → 5.00
    expect(upfrontFeeTetri(pricing, 333.33)).toBe(5_00 + 10_00);
  });
});
