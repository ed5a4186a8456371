import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from './messages.ts';
import { questionnaireInput, sdaCheck } from './onboarding.ts';

const filled = {
  city_id: 1,
  address: 'ჭავჭავაძის გამზირი 1',
  organisation_name: 'შპს მაგალითი',
  position: 'ბუღალტერი',
  salary: '1234,50',
  monthly_expenses: 400,
  total_financial_liability: 0,
  is_political_active: 0,
  is_individual_entrepreneur: '0',
};

function errorsOf(input: unknown) {
  const result = questionnaireInput.safeParse(input);
  if (result.success) throw new Error('expected the questionnaire to fail');
  return fieldErrorsFromIssues(result.error.issues, 'ka');
}

describe('questionnaire input', () => {
  it('reads Georgian decimal commas and nulls every conditional amount whose box is unset', () => {
    const values = questionnaireInput.parse({ ...filled, transfer: 500, pension: 300 });
    expect(values).toMatchObject({
      salary: 1234.5,
      has_transfer: false,
      transfer: null,
      is_entrepreneur: false,
      entrepreneur_income: null,
      activity_sphere_id: null,
      has_pension: false,
      pension: null,
    });
  });

  it('requires the amount of every box that is set', () => {
    expect(errorsOf({ ...filled, has_transfer: true, has_pension: 1 })).toEqual({
      transfer: ['ველის შევსება სავალდებულოა'],
      pension: ['ველის შევსება სავალდებულოა'],
    });
    expect(Object.keys(errorsOf({ ...filled, is_individual_entrepreneur: 1 }))).toEqual([
      'entrepreneur_income',
      'activity_sphere_id',
    ]);
  });

  it('takes an entrepreneur’s income and field of activity', () => {
    const values = questionnaireInput.parse({
      ...filled,
      is_individual_entrepreneur: 1,
      entrepreneur_income: '800',
      activity_sphere_id: '3',
    });
    expect(values).toMatchObject({
      is_entrepreneur: true,
      is_individual_entrepreneur: 1,
      entrepreneur_income: 800,
      activity_sphere_id: 3,
    });
  });

  it('refuses negative amounts, a third decimal and empty text', () => {
    expect(errorsOf({ ...filled, salary: -1, monthly_expenses: '10,555', address: '  ' })).toEqual({
      salary: ['შეიყვანეთ თანხა (არაუარყოფითი რიცხვი)'],
      monthly_expenses: ['თანხა შეიძლება შეიცავდეს მაქსიმუმ 2 ათწილად ნიშანს'],
      address: ['ველის შევსება სავალდებულოა'],
    });
  });

  it('says a text is too long, with the limit, rather than that it is missing', () => {
    const long = 'ა'.repeat(100_000);
    expect(errorsOf({ ...filled, address: long, position: long })).toEqual({
      address: ['მაქსიმუმ 255 სიმბოლო'],
      position: ['მაქსიმუმ 255 სიმბოლო'],
    });
    expect(errorsOf({ ...filled, address: undefined, position: '  ' })).toEqual({
      address: ['ველის შევსება სავალდებულოა'],
      position: ['ველის შევსება სავალდებულოა'],
    });
  });

  it('takes the monthly payments on existing loans when given, null when left empty', () => {
    expect(questionnaireInput.parse(filled).monthly_loan_payments).toBeNull();
    expect(
      questionnaireInput.parse({ ...filled, monthly_loan_payments: '' }).monthly_loan_payments,
    ).toBeNull();
    expect(
      questionnaireInput.parse({ ...filled, monthly_loan_payments: '350,50' })
        .monthly_loan_payments,
    ).toBe(350.5);
    expect(errorsOf({ ...filled, monthly_loan_payments: '-1' })).toEqual({
      monthly_loan_payments: ['შეიყვანეთ თანხა (არაუარყოფითი რიცხვი)'],
    });
  });

  it('defaults both radios to no', () => {
    const { is_political_active, is_individual_entrepreneur, ...withoutRadios } = filled;
    expect(questionnaireInput.parse(withoutRadios)).toMatchObject({
      is_political_active: 0,
      is_individual_entrepreneur: 0,
    });
  });
});

describe('SDA consent', () => {
  it('needs the box ticked and a timestamp', () => {
    const result = sdaCheck.body.safeParse({ is_sda_verified: false, sda_agreed_at: '2026-11-22' });
    expect(result.success).toBe(false);
    expect(fieldErrorsFromIssues(result.error?.issues ?? [], 'ka')).toEqual({
      sda_agreed_at: ['თარიღი უნდა იყოს ფორმატში: წწწწ-თთ-დდ სს:წწ:წწ'],
      is_sda_verified: ['გთხოვთ, მონიშნოთ თანხმობა'],
    });
  });
});
