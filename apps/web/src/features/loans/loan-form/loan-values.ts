import {
  bankStatementMaxBytes,
  bankStatementTypes,
  loanInput,
  localizeIssue,
  translate,
  type Loan,
  type LoanLimits,
  type LoanTerms,
} from '@sesxi/contract';
import type { z } from 'zod';
import { currentLocale } from '../../../shared/i18n/i18n';
import { amountInputText, parseGeorgianNumber } from '../../../shared/format/number-input';
import type { LoanPayload } from '../api/loan-form-data';

/** The form's fields as the inputs hold them. */
export interface LoanFormValues {
  amount: string;
  months: string;
  loan_purpose_id: string;
  file: File | null;
}

export function formValuesOf(loan: Loan | null): LoanFormValues {
  return {
    amount: loan ? amountInputText(loan.amount) : '',
    months: loan ? String(loan.months) : '',
    loan_purpose_id: loan ? String(loan.loan_purpose_id) : '',
    file: null,
  };
}

/** A typed number as a number; unreadable text goes as it is, for the server to name. */
function numberOf(text: string): number | string {
  return parseGeorgianNumber(text) ?? text.trim();
}

export function payloadOf(values: LoanFormValues): LoanPayload {
  return {
    amount: numberOf(values.amount),
    months: numberOf(values.months),
    loan_purpose_id: numberOf(values.loan_purpose_id),
  };
}

/** A field's first problem in the server's own words, or true. */
function check(schema: z.ZodType, value: unknown): true | string {
  const result = schema.safeParse(value);
  if (result.success) return true;
  const [issue] = result.error.issues;
  return issue
    ? localizeIssue(issue, currentLocale())
    : translate('validation.invalid', currentLocale());
}

/**
 * The checks the server makes, made before sending: the contract's schema, built from the
 * limits the server announced, with its messages. The server still decides.
 */
export function loanFieldChecks(limits: LoanLimits) {
  const { shape } = loanInput(limits);
  const filled =
    (schema: z.ZodType) =>
    (text: string): true | string =>
      text.trim() === ''
        ? translate('validation.required', currentLocale())
        : check(schema, numberOf(text));
  return {
    amount: filled(shape.amount),
    months: (text: string) =>
      text.trim() !== '' && parseGeorgianNumber(text) === null
        ? translate('validation.integer', currentLocale())
        : filled(shape.months)(text),
    loan_purpose_id: filled(shape.loan_purpose_id),
  };
}

/**
 * The amount and term the inputs hold, when both pass the checks the form makes before
 * sending (within the limits, whole months, tetri at most): what an offer can be computed for.
 */
export function termsOf(amount: string, months: string, limits: LoanLimits): LoanTerms | null {
  const checks = loanFieldChecks(limits);
  const terms = { amount: parseGeorgianNumber(amount), months: parseGeorgianNumber(months) };
  if (terms.amount === null || terms.months === null) return null;
  if (checks.amount(amount) !== true || checks.months(months) !== true) return null;
  return { amount: terms.amount, months: terms.months };
}

const allowedTypes: readonly string[] = bankStatementTypes;

/**
 * The bank statement's pre-check: present when `required`, not empty, at most 10 MB, and of an
 * allowed type when the browser names one (the server judges the content itself).
 */
export function checkBankStatement(file: File | null, required: boolean): true | string {
  const locale = currentLocale();
  if (!file) return !required || translate('loan.fileRequired', locale);
  if (file.size === 0) return translate('loan.fileEmpty', locale);
  if (file.size > bankStatementMaxBytes) return translate('loan.fileTooLarge', locale);
  if (file.type !== '' && !allowedTypes.includes(file.type)) {
    return translate('loan.fileType', locale);
  }
  return true;
}
