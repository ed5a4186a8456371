import { customerFixture, jsonResponse, type ApiAnswer } from '../../test/api-fixtures';
import { wordingSha256Fixture } from '../../test/consent-wording';
import { renderApp } from '../../test/render-app';
import { session } from '../../shared/session/session';

// Test answers for the loan screens' calls.

/** The seeded default product's limits, as the server announces them. */
const limitsFixture = { min_amount: 100, max_amount: 50_000, min_months: 3, max_months: 48 };

const purposesFixture = [
  { id: 1, name: 'სამომხმარებლო' },
  { id: 2, name: 'ავტომობილის შეძენა' },
];

/**
 * The default product, priced as the offer module's hand-checked example (24% a year, 2% + 10 GEL
 * one-off, 2 GEL a month): 1,000 GEL over 12 months paid out on 2027-01-15 costs 96.56 GEL a
 * month, 1,158.70 GEL in all, and its effective rate is 40.26%.
 */
export const productFixture = {
  id: 1,
  code: 'consumer',
  version: 3,
  name: 'სამომხმარებლო სესხი',
  nominal_rate: 24,
  origination_fee_percent: 2,
  origination_fee_fixed: 10,
  monthly_fee: 2,
  ...limitsFixture,
  is_default: true,
};

const loanOptionsFixture = {
  status: 'success',
  branches: [{ id: 1, name: 'თბილისის ფილიალი' }],
  purposes: purposesFixture,
  limits: limitsFixture,
  products: [
    { ...productFixture, id: 2, code: 'auto', name: 'ავტოსესხი', is_default: false },
    productFixture,
  ],
};

/** `POST /api/loan-offer`'s answer: the offer is not read by the screens, only the affordability. */
export function loanOfferFixture(
  affordability: object = { pti: 20, limit: 25, fits: true, alternatives: [] },
) {
  return jsonResponse({
    status: 'success',
    offer: {
      monthly_payment: 0,
      total_repayment: 0,
      total_cost: 0,
      upfront_fee: 0,
      nominal_rate: 24,
      effective_rate: 0,
      schedule: [],
    },
    affordability: {
      obligations: 0,
      obligations_estimated: false,
      lender_obligations: 0,
      ...affordability,
    },
  });
}

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

const creditInfoFixture = {
  credit_info_text:
    'ვეთანხმები, რომ კრედიტინფომ გადაამოწმოს ჩემი საკრედიტო ისტორია.\n\nთანხმობა მოქმედებს 30 დღე.',
  credit_info_html:
    '<p>ვეთანხმები, რომ კრედიტინფომ გადაამოწმოს ჩემი საკრედიტო ისტორია.</p><p>თანხმობა მოქმედებს 30 დღე.</p>',
  credit_info_version: 1,
  credit_info_sha256: wordingSha256Fixture,
};

const loanAnswers: Record<string, ApiAnswer> = {
  'GET /api/loans': () => jsonResponse(loanOptionsFixture),
  'GET /api/loan-edit/4': () => loanEditFixture(),
  'GET /api/credit-info/4': () =>
    jsonResponse({ status: 'success', ...creditInfoFixture, agreed_at: null }),
  'POST /api/credit-info/4/cancel': () => jsonResponse({ status: 'success' }),
  'GET /api/loans-show': () => jsonResponse({ status: 'success', loans: [] }),
  'POST /api/loan-offer': () => loanOfferFixture(),
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
