import type { Questionnaire } from '@sesxi/contract';
import { parseGeorgianNumber } from '../../shared/format/number-input';
import type { QuestionnairePayload } from './api/questionnaire-save';
import { amountInputText } from '../../shared/format/number-input';

type YesNo = '0' | '1';

/** The form's fields as the inputs hold them: text, ticks and radio values. */
export interface QuestionnaireFormValues {
  city_id: string;
  address: string;
  organisation_name: string;
  position: string;
  salary: string;
  has_transfer: boolean;
  transfer: string;
  monthly_expenses: string;
  total_financial_liability: string;
  /** Optional: empty means the customer did not say (the offer then estimates it). */
  monthly_loan_payments: string;
  is_political_active: YesNo;
  is_individual_entrepreneur: YesNo;
  entrepreneur_income: string;
  activity_sphere_id: string;
  has_pension: boolean;
  pension: string;
}

function amountText(amount: number | null): string {
  return amount === null ? '' : amountInputText(amount);
}

function yesNo(value: 0 | 1): YesNo {
  return value === 1 ? '1' : '0';
}

/** The fields prefilled from the stored questionnaire, or empty with both radios on no. */
export function formValuesOf(questionnaire: Questionnaire | null): QuestionnaireFormValues {
  return {
    city_id: questionnaire ? String(questionnaire.city_id) : '',
    address: questionnaire?.address ?? '',
    organisation_name: questionnaire?.organisation_name ?? '',
    position: questionnaire?.position ?? '',
    salary: amountText(questionnaire?.salary ?? null),
    has_transfer: questionnaire?.has_transfer ?? false,
    transfer: amountText(questionnaire?.transfer ?? null),
    monthly_expenses: amountText(questionnaire?.monthly_expenses ?? null),
    total_financial_liability: amountText(questionnaire?.total_financial_liability ?? null),
    monthly_loan_payments: amountText(questionnaire?.monthly_loan_payments ?? null),
    is_political_active: yesNo(questionnaire?.is_political_active ?? 0),
    is_individual_entrepreneur: yesNo(questionnaire?.is_individual_entrepreneur ?? 0),
    entrepreneur_income: amountText(questionnaire?.entrepreneur_income ?? null),
    activity_sphere_id:
      questionnaire?.activity_sphere_id == null ? '' : String(questionnaire.activity_sphere_id),
    has_pension: questionnaire?.has_pension ?? false,
    pension: amountText(questionnaire?.pension ?? null),
  };
}

/** A typed amount as a number; unreadable text goes as it is, for the server to name. */
function amountOf(text: string): number | string {
  return parseGeorgianNumber(text) ?? text;
}

function idOf(text: string): number | undefined {
  return text === '' ? undefined : Number(text);
}

/**
 * What `POST /api/questionnaires` gets: amounts as numbers, and every conditional field null
 * unless its box (or the entrepreneur radio) is set.
 */
export function payloadOf(values: QuestionnaireFormValues): QuestionnairePayload {
  const isEntrepreneur = values.is_individual_entrepreneur === '1';
  return {
    city_id: idOf(values.city_id),
    address: values.address,
    organisation_name: values.organisation_name,
    position: values.position,
    salary: amountOf(values.salary),
    has_transfer: values.has_transfer,
    transfer: values.has_transfer ? amountOf(values.transfer) : null,
    monthly_expenses: amountOf(values.monthly_expenses),
    total_financial_liability: amountOf(values.total_financial_liability),
    monthly_loan_payments:
      values.monthly_loan_payments.trim() === '' ? null : amountOf(values.monthly_loan_payments),
    is_political_active: Number(values.is_political_active) as 0 | 1,
    is_individual_entrepreneur: isEntrepreneur ? 1 : 0,
    is_entrepreneur: isEntrepreneur,
    entrepreneur_income: isEntrepreneur ? amountOf(values.entrepreneur_income) : null,
    activity_sphere_id: isEntrepreneur ? idOf(values.activity_sphere_id) : null,
    has_pension: values.has_pension,
    pension: values.has_pension ? amountOf(values.pension) : null,
  };
}

/** Whether a typed amount reads as a non-negative number. */
export function isAmount(text: string): boolean {
  const amount = parseGeorgianNumber(text);
  return amount !== null && amount >= 0;
}
