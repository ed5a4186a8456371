import { describe, expect, it } from 'vitest';
import {
  creditInfoAgree,
  loanInput,
  loanInputShape,
  loanOfferQuote,
  loanOpenConflict,
} from './loans.ts';
import { fieldErrorsFromIssues } from './messages.ts';

const limits = { min_amount: 100, max_amount: 50_000, min_months: 3, max_months: 48 };
const input = loanInput(limits);

describe('loanInput', () => {
  it('accepts decoded multipart values and Georgian comma decimals', () => {
    expect(input.parse({ amount: '1500,50', months: 12, loan_purpose_id: '3' })).toEqual({
      amount: 1500.5,
      months: 12,
      loan_purpose_id: 3,
    });
  });

  it.each([
    [{ amount: 99.99 }, 'amount', 'validation.amountTooSmall'],
    [{ amount: 50_000.01 }, 'amount', 'validation.amountTooBig'],
    [{ amount: 20_000_000 }, 'amount', 'validation.amountTooBig'],
    [{ amount: 100.001 }, 'amount', 'validation.amountDecimals'],
    [{ months: 2 }, 'months', 'validation.tooSmall'],
    [{ months: 49 }, 'months', 'validation.tooBig'],
    [{ months: 6.5 }, 'months', 'validation.integer'],
    [{ loan_purpose_id: undefined }, 'loan_purpose_id', 'validation.required'],
  ])('refuses %o under its field', (change, field, message) => {
    const result = input.safeParse({ amount: 1000, months: 12, loan_purpose_id: 1, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toContainEqual([
      field,
      message,
    ]);
  });

  it('names the amount bounds as lari, the product’s own, however far off the amount is', () => {
    for (const amount of [50_000.01, 20_000_000]) {
      const result = input.safeParse({ amount, months: 12, loan_purpose_id: 1 });
      expect(fieldErrorsFromIssues(result.error?.issues ?? [], 'ka')).toEqual({
        amount: ['თანხა უნდა იყოს მაქსიმუმ 50\u00a0000,00\u00a0₾'],
      });
    }
    const small = input.safeParse({ amount: '99,99', months: 12, loan_purpose_id: 1 });
    expect(fieldErrorsFromIssues(small.error?.issues ?? [], 'en')).toEqual({
      amount: ['The amount must be at least 100,00\u00a0₾'],
    });
  });

  it('takes the bounds it is given', () => {
    const narrow = loanInput({ ...limits, max_amount: 2000 });
    expect(narrow.safeParse({ amount: 2500, months: 12, loan_purpose_id: 1 }).success).toBe(false);
  });
});

describe('loanInputShape and the loan offer’s body', () => {
  it('check the shape only: the limits are the product’s, checked on the server', () => {
    expect(loanInputShape.parse({ amount: '1,5', months: -3, loan_purpose_id: 1 })).toEqual({
      amount: 1.5,
      months: -3,
      loan_purpose_id: 1,
    });
    expect(loanInputShape.safeParse({ amount: '-1', months: 12, loan_purpose_id: 1 }).success).toBe(
      false,
    );
  });

  it('takes a comma decimal and no purpose yet', () => {
    expect(loanOfferQuote.body.parse({ amount: '1000,50', months: '12' })).toEqual({
      amount: 1000.5,
      months: 12,
    });
    const result = loanOfferQuote.body.safeParse({ amount: '1000,505', months: 1.5 });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['amount', 'validation.amountDecimals'],
      ['months', 'validation.integer'],
    ]);
  });
});

describe('creditInfoAgree', () => {
  it('accepts the ticked box with its time', () => {
    const body = { credit_info: true, agreed_at: '2026-11-22 10:00:00' };
    expect(creditInfoAgree.body.safeParse(body).success).toBe(true);
  });

  it('answers a credit_info error for the unticked box (empty strings)', () => {
    const result = creditInfoAgree.body.safeParse({ credit_info: '', agreed_at: '' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['credit_info'],
      message: 'validation.consentRequired',
    });
  });
});

describe('loanOpenConflict', () => {
  it('reads the 409 body with the open application’s id', () => {
    const body = {
      status: 'error',
      message: 'თქვენ უკვე გაქვთ მიმდინარე განაცხადი №7',
      loan_id: 7,
    };
    expect(loanOpenConflict.parse(body).loan_id).toBe(7);
    expect(loanOpenConflict.safeParse({ status: 'error', message: 'x' }).success).toBe(false);
  });
});
