import { defaultLoanLimits } from '@sesxi/contract';
import { customerFixture, jsonResponse, type ApiAnswer } from '../../test/api-fixtures';
import { renderApp } from '../../test/render-app';
import { session } from '../../shared/session/session';

/** Test answers for the loan screens' calls. */
export const purposesFixture = [
  { id: 1, name: 'სამომხმარებლო' },
  { id: 2, name: 'ავტომობილის შეძენა' },
];

export const loanOptionsFixture = {
  status: 'success',
  branches: [{ id: 1, name: 'თბილისის ფილიალი' }],
  purposes: purposesFixture,
  limits: defaultLoanLimits,
  products: [],
};

export const draftLoanFixture = {
  id: 4,
  amount: 1500.5,
  months: 12,
  loan_purpose_id: 2,
  branch_id: null,
  loan_status: { code: 'draft', name: 'დრაფტი' },
  bank_statement: { file_name: 'ამონაწერი-ოქტომბერი.pdf', size: 20480 },
  created_at: '2026-11-22 12:00:00',
} as const;

export const loanEditFixture = (loan: object = draftLoanFixture) =>
  jsonResponse({ ...loanOptionsFixture, loan });

export const creditInfoTextFixture =
  'ვეთანხმები, რომ კრედიტინფომ გადაამოწმოს ჩემი საკრედიტო ისტორია.\n\nთანხმობა მოქმედებს 30 დღე.';

export const loanAnswers: Record<string, ApiAnswer> = {
  'GET /api/loans': () => jsonResponse(loanOptionsFixture),
  'GET /api/loan-edit/4': () => loanEditFixture(),
  'GET /api/credit-info/4': () =>
    jsonResponse({ status: 'success', credit_info_text: creditInfoTextFixture }),
  'POST /api/credit-info/4/cancel': () => jsonResponse({ status: 'success' }),
  'GET /api/loans-show': () => jsonResponse({ status: 'success', loans: [] }),
};

/** A signed-in, onboarded customer on `path` of the loan screens. */
export function renderLoanScreen(path: string, answers: Record<string, ApiAnswer> = {}) {
  session.set(customerFixture);
  return renderApp(path, { ...loanAnswers, ...answers });
}

/** A bank statement as a customer picks it. */
export function statementFile(size = 2048, name = 'ამონაწერი.pdf', type = 'application/pdf') {
  return new File([new Uint8Array(size)], name, { type });
}
