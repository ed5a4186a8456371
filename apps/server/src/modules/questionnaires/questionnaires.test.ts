import type { Questionnaire } from '@sesxi/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cities, consentTexts, questionnaireHistory, questionnaires } from '#app/db/schema.ts';
import { bearer, sandboxSupportToken } from '#app/test/accounts.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { databaseCallsOf } from '#app/test/database-calls.ts';
import {
  onboardedCustomer,
  questionnaireAnswers,
  saveQuestionnaire,
  sdaVerifiedCustomer,
  startSession,
} from '#app/test/onboarding.ts';
import { testClock } from '#app/test/test-clock.ts';
import { phoneSeries } from '#app/test/unique.ts';
import { insertCustomer } from '#app/test/users.ts';
import { raceAt } from '#app/test/race.ts';
import { questionnaireOfSessionUser } from './repository.ts';

const clock = testClock();
let app: FastifyInstance;
const freshPhone = phoneSeries('59320');

beforeAll(async () => {
  app = await buildTestApp({}, { clock });
});

afterAll(() => app.close());

const verified = () => sdaVerifiedCustomer(app, { phone: freshPhone() });

async function errorsOf(body: Record<string, unknown>) {
  const { token } = await verified();
  const response = await saveQuestionnaire(app, token, body);
  expect(response.statusCode).toBe(422);
  const { status, message, ...fields } = response.json<Record<string, unknown>>();
  expect({ status, message }).toEqual({
    status: 'error',
    message: 'გთხოვთ, გაასწოროთ მონიშნული ველები',
  });
  return fields;
}

async function savedValues(body: Record<string, unknown>): Promise<Questionnaire> {
  const { token } = await verified();
  const response = await saveQuestionnaire(app, token, body);
  expect(response.statusCode).toBe(200);
  return response.json<{ questionnaire: Questionnaire }>().questionnaire;
}

const conditionalFields = [
  'transfer',
  'is_entrepreneur',
  'entrepreneur_income',
  'activity_sphere_id',
  'has_pension',
  'pension',
];
const required = 'ველის შევსება სავალდებულოა';
const notInList = 'აირჩიეთ მნიშვნელობა სიიდან';
const endpoints = [
  ['GET', '/api/questionnaires/create'],
  ['GET', '/api/questionnaires'],
  ['POST', '/api/questionnaires'],
] as const;

function call([method, url]: ['GET' | 'POST', string], headers: Record<string, string>) {
  return app.inject({
    method,
    url,
    headers,
    ...(method === 'POST' && { payload: questionnaireAnswers }),
  });
}

describe('the gates', () => {
  it.each(endpoints)('%s %s: 401 without a session', async (method, url) => {
    expect((await call([method, url], {})).statusCode).toBe(401);
  });

  it.each(endpoints)('%s %s: 403 before the personal-data check', async (method, url) => {
    const user = await insertCustomer(app, { phone: freshPhone() });
    const response = await call([method, url], bearer(await startSession(app, user.id)));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'გთხოვთ, ჯერ დაეთანხმოთ პერსონალური მონაცემების შემოწმებას',
    });
    const [stored] = await app.database.db
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.userId, user.id));
    expect(stored).toBeUndefined();
  });

  it.each(endpoints)('%s %s: 403 for support staff', async (method, url) => {
    const response = await call([method, url], bearer(await sandboxSupportToken(app)));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: 'ამ მოქმედების შესრულების უფლება არ გაქვთ' });
  });
});

describe('GET /api/questionnaires/create', () => {
  it('lists the cities and fields of activity in Georgian, in their order', async () => {
    const { token } = await verified();
    const response = await app.inject({
      url: '/api/questionnaires/create',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ cities: { id: number; name: string }[]; activitySpheres: [] }>();
    const ordered = await app.database.db
      .select({ id: cities.id, name: cities.name })
      .from(cities)
      .orderBy(asc(cities.sortOrder), asc(cities.id));
    expect(body.cities).toEqual(ordered);
    expect(body.cities[0]).toEqual({ id: expect.any(Number) as number, name: 'თბილისი' });
    expect(body.activitySpheres).toContainEqual({
      id: expect.any(Number) as number,
      name: 'ვაჭრობა',
    });
  });

  it('names them in English when asked', async () => {
    const { token } = await verified();
    const response = await app.inject({
      url: '/api/questionnaires/create',
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
    expect(response.json()).toMatchObject({
      cities: expect.arrayContaining([expect.objectContaining({ name: 'Tbilisi' })]) as unknown,
      activitySpheres: expect.arrayContaining([
        expect.objectContaining({ name: 'Trade' }),
      ]) as unknown,
    });
  });
});

describe('GET /api/questionnaires', () => {
  it('has no questionnaire before the first save, and the privacy policy', async () => {
    const { token } = await verified();
    const response = await app.inject({ url: '/api/questionnaires', headers: bearer(token) });
    const [policy] = await app.database.db
      .select()
      .from(consentTexts)
      .where(eq(consentTexts.kind, 'privacy_policy'));
    expect(policy?.body).toContain('კონფიდენციალურობის პოლიტიკა');
    expect(response.json()).toEqual({
      status: 'success',
      questionnaire: null,
      privacy_policy_agreement_text: policy?.body,
      privacy_policy_info_version: policy?.version,
      privacy_policy_info_sha256: policy?.sha256,
    });
  });

  it('answers the saved questionnaire, and login then says the customer has one', async () => {
    const phone = freshPhone();
    const { token } = await onboardedCustomer(app, { phone });
    const response = await app.inject({ url: '/api/questionnaires', headers: bearer(token) });
    expect(response.json()).toMatchObject({
      questionnaire: {
        id: expect.any(Number) as number,
        city_id: 1,
        address: 'ჭავჭავაძის გამზირი 1',
        organisation_name: 'შპს მაგალითი',
        position: 'ბუღალტერი',
        salary: 1500.5,
        has_transfer: false,
        transfer: null,
        monthly_expenses: 400,
        total_financial_liability: 0,
        is_political_active: 0,
        is_individual_entrepreneur: 0,
        is_entrepreneur: false,
        entrepreneur_income: null,
        activity_sphere_id: null,
        has_pension: false,
        pension: null,
        updated_at: '2026-11-23 14:00:00',
      },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { phone, password: 'correct horse battery' },
    });
    expect(login.json()).toMatchObject({
      user: { is_sda_verified: true, has_questionnaire: true },
    });
  });
});

describe('GET /api/questionnaires in one round trip', () => {
  it('reads the questionnaire and the policy with the session, in one statement', async () => {
    const { token } = await onboardedCustomer(app, { phone: freshPhone() });
    const statement = vi.spyOn(questionnaireOfSessionUser, 'statement');
    try {
      const { result: response, ...calls } = await databaseCallsOf(app, () =>
        app.inject({ url: '/api/questionnaires', headers: bearer(token) }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        questionnaire: { salary: 1500.5, updated_at: '2026-11-23 14:00:00' },
        privacy_policy_agreement_text: expect.stringContaining(
          'კონფიდენციალურობის პოლიტიკა',
        ) as string,
      });
      expect(calls).toEqual({ statements: 1, transactions: 0 });
      expect(statement).toHaveBeenCalledTimes(1);
    } finally {
      statement.mockRestore();
    }
  });

  it('still keeps a customer out before the personal-data check, and support staff', async () => {
    const customer = await insertCustomer(app, { phone: freshPhone() });
    const early = await app.inject({
      url: '/api/questionnaires',
      headers: bearer(await startSession(app, customer.id)),
    });
    expect(early.statusCode).toBe(403);
    const support = await app.inject({
      url: '/api/questionnaires',
      headers: bearer(await sandboxSupportToken(app)),
    });
    expect(support.statusCode).toBe(403);
  });
});

describe('POST /api/questionnaires', () => {
  it('saves and answers the questionnaire', async () => {
    const { token } = await verified();
    const response = await saveQuestionnaire(app, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'success',
      questionnaire: { salary: 1500.5, city_id: 1 },
    });
  });

  it('requires every field under its own name', async () => {
    expect(await errorsOf({})).toEqual({
      city_id: [required],
      address: [required],
      organisation_name: [required],
      position: [required],
      salary: [required],
      monthly_expenses: [required],
      total_financial_liability: [required],
    });
  });

  it.each([
    ['1234,56', 1234.56],
    [' 99,9 ', 99.9],
    ['0', 0],
    [2500, 2500],
    ['10000000', 10_000_000],
  ])('reads the amount %j as %d', async (salary, stored) => {
    expect((await savedValues({ ...questionnaireAnswers, salary })).salary).toBe(stored);
  });

  it.each([
    ['10,555', 'თანხა შეიძლება შეიცავდეს მაქსიმუმ 2 ათწილად ნიშანს'],
    ['-1', 'შეიყვანეთ თანხა (არაუარყოფითი რიცხვი)'],
    ['ათასი', 'შეიყვანეთ თანხა (არაუარყოფითი რიცხვი)'],
    ['1e400', 'შეიყვანეთ თანხა (არაუარყოფითი რიცხვი)'],
    [10_000_000.01, 'თანხა უნდა იყოს მაქსიმუმ 10\u00a0000\u00a0000,00\u00a0₾'],
    [1e308, 'თანხა უნდა იყოს მაქსიმუმ 10\u00a0000\u00a0000,00\u00a0₾'],
  ])('refuses the amount %j', async (amount, message) => {
    const fields = await errorsOf({ ...questionnaireAnswers, monthly_expenses: amount });
    expect(Object.keys(fields)).toEqual(['monthly_expenses']);
    expect((fields.monthly_expenses as string[])[0]).toBe(message);
  });

  it('takes the radios as 1 or 0, no when absent, and refuses anything else', async () => {
    const {
      is_political_active: _p,
      is_individual_entrepreneur: _e,
      ...noRadios
    } = questionnaireAnswers;
    expect(await savedValues(noRadios)).toMatchObject({
      is_political_active: 0,
      is_individual_entrepreneur: 0,
    });
    expect(await savedValues({ ...questionnaireAnswers, is_political_active: '1' })).toMatchObject({
      is_political_active: 1,
    });
    expect(await errorsOf({ ...questionnaireAnswers, is_political_active: 'yes' })).toEqual({
      is_political_active: [required],
    });
  });

  it('stores a conditional amount only when its box is set', async () => {
    const unset = await savedValues({
      ...questionnaireAnswers,
      has_transfer: false,
      transfer: 300,
      entrepreneur_income: 900,
      activity_sphere_id: 1,
      has_pension: 0,
      pension: 200,
    });
    expect(unset).toMatchObject({
      transfer: null,
      entrepreneur_income: null,
      activity_sphere_id: null,
      pension: null,
    });
    const set = await savedValues({
      ...questionnaireAnswers,
      has_transfer: true,
      transfer: '300,25',
      is_individual_entrepreneur: 1,
      entrepreneur_income: '900',
      activity_sphere_id: '2',
      has_pension: 1,
      pension: 200,
    });
    expect(set).toMatchObject({
      has_transfer: true,
      transfer: 300.25,
      is_individual_entrepreneur: 1,
      is_entrepreneur: true,
      entrepreneur_income: 900,
      activity_sphere_id: 2,
      has_pension: true,
      pension: 200,
    });
  });

  it('keeps the monthly payments on existing loans when given, null when left empty', async () => {
    expect(await savedValues(questionnaireAnswers)).toMatchObject({ monthly_loan_payments: null });
    const given = { ...questionnaireAnswers, total_financial_liability: 15_000 };
    expect(await savedValues({ ...given, monthly_loan_payments: '420,50' })).toMatchObject({
      total_financial_liability: 15_000,
      monthly_loan_payments: 420.5,
    });
    expect(await savedValues({ ...given, monthly_loan_payments: '' })).toMatchObject({
      monthly_loan_payments: null,
    });
  });

  it('requires the amounts of the boxes that are set', async () => {
    expect(
      await errorsOf({
        ...questionnaireAnswers,
        has_transfer: true,
        is_entrepreneur: true,
        has_pension: true,
        pension: '-5',
      }),
    ).toEqual({
      transfer: [required],
      entrepreneur_income: [required],
      activity_sphere_id: [required],
      pension: ['შეიყვანეთ თანხა (არაუარყოფითი რიცხვი)'],
    });
  });

  it('refuses a city or field of activity not in the lists', async () => {
    expect(
      await errorsOf({
        ...questionnaireAnswers,
        city_id: 999_999,
        is_entrepreneur: true,
        entrepreneur_income: 100,
        activity_sphere_id: 2 ** 40,
      }),
    ).toEqual({ city_id: [notInList], activity_sphere_id: [notInList] });
  });

  it('refuses control characters in the texts', async () => {
    expect(
      await errorsOf({ ...questionnaireAnswers, address: 'ქუჩა\u00001', position: 'a\u0007' }),
    ).toEqual({ address: ['მნიშვნელობა არასწორია'], position: ['მნიშვნელობა არასწორია'] });
  });

  it('updates the one questionnaire in place and keeps every version in its history', async () => {
    const { user, token } = await verified();
    const first = await saveQuestionnaire(app, token);
    clock.advance(60_000);
    const second = await saveQuestionnaire(app, token, {
      ...questionnaireAnswers,
      salary: '2000',
      has_pension: true,
      pension: 150,
    });
    const [before, after] = [first, second].map(
      (response) => response.json<{ questionnaire: Questionnaire }>().questionnaire,
    );
    expect(after?.id).toBe(before?.id);
    expect(after).toMatchObject({ salary: 2000, has_pension: true, pension: 150 });

    const rows = await app.database.db
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.userId, user.id));
    expect(rows).toHaveLength(1);
    const history = await app.database.db
      .select()
      .from(questionnaireHistory)
      .where(eq(questionnaireHistory.questionnaireId, before?.id ?? 0))
      .orderBy(asc(questionnaireHistory.savedAt));
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      values: { salary: 1500.5, has_pension: false, pension: null },
      ip: '127.0.0.1',
      userAgent: 'vitest-browser/1.0',
    });
    expect(history[1]).toMatchObject({
      values: { salary: 2000, has_pension: true, pension: 150 },
      savedAt: clock.now(),
    });
  });

  it('keeps one questionnaire when two saves race, and both in the history', async () => {
    const { user, token } = await verified();
    const race = raceAt(app, /^insert into "questionnaires"/);
    const answers = await Promise.all([
      saveQuestionnaire(app, token),
      saveQuestionnaire(app, token, { ...questionnaireAnswers, salary: 900 }),
    ]);
    await race.finish();
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const rows = await app.database.db
      .select({ id: questionnaires.id })
      .from(questionnaires)
      .where(eq(questionnaires.userId, user.id));
    expect(rows).toHaveLength(1);
    const history = await app.database.db
      .select()
      .from(questionnaireHistory)
      .where(eq(questionnaireHistory.questionnaireId, rows[0]?.id ?? 0));
    expect(history).toHaveLength(2);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a number', 599123456],
    ['an object', { $gt: '' }],
    ['an array', ['1']],
    ['a long string', 'ა'.repeat(2_000)],
    ['a NUL byte', '1\u00002'],
    ['SQL', "' or 1=1 --"],
    ['a huge number', 1e308],
  ])('answers field errors, never a 5xx, with every field as %s', async (_case, value) => {
    const { token } = await verified();
    const fields = [...Object.keys(questionnaireAnswers), ...conditionalFields];
    const body = Object.fromEntries(fields.map((field) => [field, value]));
    const response = await saveQuestionnaire(app, token, body);
    expect(response.statusCode).toBe(422);
  });

  it('writes only the signed-in customer’s questionnaire, whatever the body claims', async () => {
    const other = await verified();
    const { user, token } = await verified();
    const response = await saveQuestionnaire(app, token, {
      ...questionnaireAnswers,
      id: 1,
      user_id: other.user.id,
      userId: other.user.id,
      is_sda_verified: false,
      updated_at: '2020-01-01 00:00:00',
    });
    expect(response.statusCode).toBe(200);
    const owners = await app.database.db
      .select({ userId: questionnaires.userId, updatedAt: questionnaires.updatedAt })
      .from(questionnaires)
      .where(
        eq(questionnaires.id, response.json<{ questionnaire: Questionnaire }>().questionnaire.id),
      );
    expect(owners).toEqual([{ userId: user.id, updatedAt: clock.now() }]);
    const [others] = await app.database.db
      .select()
      .from(questionnaires)
      .where(eq(questionnaires.userId, other.user.id));
    expect(others).toBeUndefined();
    const [history] = await app.database.db
      .select()
      .from(questionnaireHistory)
      .innerJoin(questionnaires, eq(questionnaires.id, questionnaireHistory.questionnaireId))
      .where(eq(questionnaires.userId, user.id));
    expect(Object.keys(history?.questionnaire_history.values as object)).not.toContain('user_id');
  });
});
