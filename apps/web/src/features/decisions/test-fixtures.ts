import type { applicationContract, QueueItem, ResponseOf } from '@sesxi/contract';
import { customerFixture, jsonResponse, type ApiAnswer } from '../../test/api-fixtures';
import type { Review } from './review/review-types';

export const officerFixture = {
  ...customerFixture,
  apiToken: 'token-officer',
  name: 'გიორგი',
  surname: 'ლომიძე',
  phone: '599000002',
  is_sda_verified: false,
  has_questionnaire: false,
  roles: ['credit_officer' as const],
};

const officer = { id: 2, name: 'გიორგი', surname: 'ლომიძე' };
const secondOfficer = { id: 3, name: 'ნატო', surname: 'ხარაძე' };

export function queueItem(changes: Partial<QueueItem> = {}): QueueItem {
  return {
    id: 41,
    status: { code: 'submitted', name: 'წარდგენილი' },
    submitted_at: '2026-11-20 10:15:00',
    age_hours: 50,
    customer: { id: 9, name: 'ნინო', surname: 'კაპანაძე' },
    amount: 15000,
    months: 24,
    monthly_payment: 820.5,
    pti: 27.35,
    bureau: { state: 'ready', serious_overdue: false },
    identity_check_passed: true,
    assigned_officer: null,
    awaiting_second_officer: false,
    ...changes,
  };
}

/** Answers the queue call like the server: one page of `items`, filtered by status. */
export function queueAnswer(items: QueueItem[]): ApiAnswer {
  return (_, query) => {
    const page = Number(query.get('page') ?? 1);
    const perPage = Number(query.get('per_page') ?? 15);
    const status = query.get('status');
    const found = items.filter((item) =>
      status === 'awaiting_second_officer'
        ? item.awaiting_second_officer
        : !status || item.status.code === status,
    );
    return jsonResponse({
      status: 'success',
      data: found.slice((page - 1) * perPage, page * perPage),
      current_page: page,
      per_page: perPage,
      total: found.length,
      last_page: Math.max(1, Math.ceil(found.length / perPage)),
    });
  };
}

export function reviewFixture(changes: Partial<Review> = {}): Review {
  return {
    status: 'success',
    application: {
      id: 41,
      status: { code: 'under_review', name: 'განხილვაში' },
      amount: 15000,
      months: 24,
      loan_purpose: 'სამომხმარებლო',
      created_at: '2026-11-20 10:00:00',
      submitted_at: '2026-11-20 10:15:00',
      assigned_officer: officer,
      bank_statement: { file_name: 'ამონაწერი.pdf', size: 2048, type: 'application/pdf' },
    },
    customer: {
      id: 9,
      name: 'ნინო',
      surname: 'კაპანაძე',
      phone: '599123456',
      identity_number: '01001000011',
      document_number: 'AB1234567',
      is_sda_verified: true,
      is_identomat_verified: true,
    },
    questionnaire: {
      city_id: 1,
      address: 'ჭავჭავაძის 1',
      organisation_name: 'შპს ნიმუში',
      position: 'ბუღალტერი',
      salary: 3000,
      has_transfer: false,
      transfer: null,
      monthly_expenses: 800,
      total_financial_liability: 200,
      monthly_loan_payments: null,
      is_political_active: 0,
      is_individual_entrepreneur: 0,
      is_entrepreneur: false,
      entrepreneur_income: null,
      activity_sphere_id: null,
      has_pension: false,
      pension: null,
    },
    offer: {
      offer: {
        monthly_payment: 820.5,
        total_repayment: 19692,
        total_cost: 4842,
        upfront_fee: 150,
        nominal_rate: 24,
        effective_rate: 28.73,
        schedule: [
          {
            number: 1,
            date: '2026-12-20',
            payment: 820.5,
            principal: 520.5,
            interest: 300,
            fee: 0,
            balance: 14479.5,
          },
        ],
      },
      affordability: { pti: 27.35, limit: 50, fits: true, alternatives: [] },
      lender_obligations: 0,
    },
    bureau: {
      state: 'ready',
      report: {
        loans: [
          { lender: 'თიბისი ბანკი', monthly_payment: 300, outstanding: 4000, overdue_days: 0 },
        ],
        enquiries: 2,
        score: 612,
      },
      fetched_at: '2026-11-20 10:16:00',
      obligations: 300,
      declared_obligations: 200,
      affordability: { pti: 30.68, limit: 50, fits: true, alternatives: [] },
    },
    identity_checks: [],
    consents: [
      {
        kind: 'credit_information',
        version: 2,
        text: 'ვეთანხმები საკრედიტო ბიუროში ჩემი მონაცემების გადამოწმებას.',
        agreed_at: '2026-11-20 10:14:00',
      },
    ],
    history: [
      {
        from: 'consented',
        to: 'submitted',
        actor: null,
        reason: 'submit',
        at: '2026-11-20 10:15:00',
        taken_over_from: null,
      },
    ],
    customer_applications: [],
    recommendation: { verdict: 'approve', for: ['PTI ლიმიტის ფარგლებშია'], against: [] },
    decision: null,
    viewer_is_approver: false,
    viewer_refusal: null,
    held_by_colleague: false,
    approval: {
      pricing: {
        nominal_rate: 24,
        origination_fee_percent: 1,
        origination_fee_fixed: 0,
        monthly_fee: 0,
      },
      second_officer_from: 10000,
    },
    ...changes,
  };
}

/** An approval of 12 000 ₾ over 24 months by the first officer, awaiting the second. */
export const awaitingDecision: NonNullable<Review['decision']> = {
  state: 'awaiting_second_officer',
  amount: 12000,
  months: 24,
  monthly_payment: 656.4,
  effective_rate: 28.73,
  reasons: [],
  decided_at: '2026-11-20 11:00:00',
  officer,
  confirmed_by: null,
  confirmed_at: null,
  internal_note: null,
};

export { secondOfficer };

/** What `GET /api/applications/{id}/contract` answers for an application before its offer. */
export function paperworkFixture(
  changes: Partial<ResponseOf<typeof applicationContract>> = {},
): ResponseOf<typeof applicationContract> {
  return {
    status: 'success',
    documents: [],
    signatures: [],
    payout: null,
    withdrawal: null,
    identity_check_passed: false,
    ...changes,
  };
}
