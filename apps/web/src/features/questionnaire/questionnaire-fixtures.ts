import { jsonResponse, type ApiAnswer } from '../../test/api-fixtures';
import { wordingSha256Fixture } from '../../test/consent-wording';

/** Test answers for the questionnaire's calls (the form is shared by several screens). */
const lookupsFixture = {
  status: 'success',
  cities: [
    { id: 1, name: 'თბილისი' },
    { id: 2, name: 'გორი' },
    { id: 3, name: 'ქუთაისი' },
  ],
  activitySpheres: [
    { id: 1, name: 'ვაჭრობა' },
    { id: 2, name: 'მშენებლობა' },
  ],
};

export const questionnaireFixture = {
  id: 5,
  city_id: 2,
  address: 'სტალინის გამზირი 10',
  organisation_name: 'შპს მაგალითი',
  position: 'ბუღალტერი',
  salary: 1234.5,
  has_transfer: true,
  transfer: 300,
  monthly_expenses: 400,
  total_financial_liability: 0,
  monthly_loan_payments: null,
  is_political_active: 0,
  is_individual_entrepreneur: 0,
  is_entrepreneur: false,
  entrepreneur_income: null,
  activity_sphere_id: null,
  has_pension: false,
  pension: null,
  updated_at: '2026-11-22 12:00:00',
} as const;

export const privacyAgreementFixture = 'ვეთანხმები, რომ ჩემი მონაცემები დამუშავდეს.';

/** The privacy policy as `GET /api/questionnaires` sends it beside the questionnaire. */
export const privacyPolicyFieldsFixture = {
  privacy_policy_agreement_text: privacyAgreementFixture,
  privacy_policy_info_version: 1,
  privacy_policy_info_sha256: wordingSha256Fixture,
};

/** `POST /api/questionnaires` answering with what it was sent, as the server stores it. */
const savesQuestionnaire: ApiAnswer = (body) =>
  jsonResponse({
    status: 'success',
    questionnaire: { ...questionnaireFixture, ...(body as object) },
  });

export const questionnaireAnswers: Record<string, ApiAnswer> = {
  'GET /api/questionnaires/create': () => jsonResponse(lookupsFixture),
  'GET /api/questionnaires': () =>
    jsonResponse({
      status: 'success',
      questionnaire: questionnaireFixture,
      ...privacyPolicyFieldsFixture,
    }),
  'POST /api/questionnaires': savesQuestionnaire,
};
