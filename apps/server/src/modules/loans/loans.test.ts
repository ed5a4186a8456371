import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loanApplications } from '#app/db/schema.ts';
import {
  defaultLoanProduct,
  createLoanProductRepository,
  limitsOf,
} from '#app/modules/loan-products/index.ts';
import { databaseCallsOf } from '#app/test/database-calls.ts';
import { applicationsOfSessionUser, formOptionsWithSession } from './session-reads.ts';
import { bearer, sandboxSupportToken } from '#app/test/accounts.ts';
import {
  bankStatement,
  createLoanViaApi,
  jsonFields,
  loanHistoryOf,
  loansOf,
  loanTestApp,
  loanValues,
  multipartBody,
  postLoanForm,
  setLoanStatus,
} from '#app/test/loans.ts';
import { pdfFile } from '#app/test/tiny-files.ts';
import { onboardedCustomer, sdaVerifiedCustomer, startSession } from '#app/test/onboarding.ts';
import { testClock } from '#app/test/test-clock.ts';
import { phoneSeries } from '#app/test/unique.ts';
import { insertCustomer } from '#app/test/users.ts';
import { raceAt } from '#app/test/race.ts';

const clock = testClock();
const freshPhone = phoneSeries('5510');
let app: FastifyInstance;
let storedFiles: () => Promise<string[]>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, storedFiles, close } = await loanTestApp({ clock }));
});

afterAll(() => close());

const customer = () => onboardedCustomer(app, { phone: freshPhone() });

async function rowOf(id: number) {
  const [row] = await app.database.db
    .select()
    .from(loanApplications)
    .where(eq(loanApplications.id, id));
  return row;
}

const rowsOf = (userId: number) => loansOf(app, userId);

/** Every loan call, each with a body it would accept, on application `id`. */
function loanCalls(id: number) {
  const form = multipartBody(jsonFields(loanValues), bankStatement);
  return [
    ['GET', '/api/loans'],
    ['POST', '/api/loans', form],
    ['GET', `/api/loan-edit/${id}`],
    ['POST', `/api/loan-edit/${id}`, form],
    ['GET', '/api/loans-show'],
    ['GET', `/api/credit-info/${id}`],
    ['POST', `/api/credit-info/${id}`, { payload: { credit_info: true, agreed_at: '' } }],
    ['POST', `/api/credit-info/${id}/finish`, { payload: { sso_token: 'x'.repeat(43) } }],
    ['POST', `/api/credit-info/${id}/cancel`],
  ] as const;
}

type LoanCall = ReturnType<typeof loanCalls>[number];

function call([method, url, body]: LoanCall, headers: Record<string, string>) {
  const { payload, headers: bodyHeaders = {} } = (body ?? {}) as {
    payload?: object;
    headers?: Record<string, string>;
  };
  return app.inject({ method, url, payload, headers: { ...bodyHeaders, ...headers } });
}

describe('the gates', () => {
  const calls = loanCalls(1).map((loanCall) => [loanCall[0], loanCall[1], loanCall] as const);

  it.each(calls)('%s %s: 401 without a session', async (_method, _url, loanCall) => {
    expect((await call(loanCall, {})).statusCode).toBe(401);
  });

  it.each(calls)('%s %s: 403 for support staff', async (_method, _url, loanCall) => {
    const response = await call(loanCall, bearer(await sandboxSupportToken(app)));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: 'ამ მოქმედების შესრულების უფლება არ გაქვთ' });
  });

  it.each(calls)('%s %s: 403 before the personal-data check', async (_method, _url, loanCall) => {
    const user = await insertCustomer(app, { phone: freshPhone() });
    const response = await call(loanCall, bearer(await startSession(app, user.id)));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'გთხოვთ, ჯერ დაეთანხმოთ პერსონალური მონაცემების შემოწმებას',
    });
  });

  it.each(calls)('%s %s: 403 without a questionnaire', async (_method, _url, loanCall) => {
    const { user, token } = await sdaVerifiedCustomer(app, { phone: freshPhone() });
    const response = await call(loanCall, bearer(token));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'გთხოვთ, ჯერ შეავსოთ კითხვარი',
    });
    expect(await rowsOf(user.id)).toEqual([]);
  });
});

describe('GET /api/loans', () => {
  it('offers the branches and purposes in Georgian, in their order, and the limits', async () => {
    const { token } = await customer();
    const response = await app.inject({ url: '/api/loans', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ branches: { name: string }[]; purposes: { name: string }[] }>();
    expect(body).toMatchObject({ status: 'success', limits: limitsOf(defaultLoanProduct) });
    expect(body.branches.map((branch) => branch.name)).toHaveLength(3);
    expect(body.purposes[0]).toEqual({ id: 1, name: 'სამომხმარებლო საქონლის შეძენა' });
  });

  it('names them in English when asked', async () => {
    const { token } = await customer();
    const response = await app.inject({
      url: '/api/loans',
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
    expect(response.json<{ purposes: unknown[] }>().purposes[0]).toEqual({
      id: 1,
      name: 'Consumer goods',
    });
  });
});

describe('GET /api/loans in one round trip', () => {
  it('reads the options with the session, in one statement', async () => {
    const { token } = await customer();
    const statement = vi.spyOn(formOptionsWithSession, 'statement');
    try {
      const { result: response, ...calls } = await databaseCallsOf(app, () =>
        app.inject({ url: '/api/loans', headers: bearer(token) }),
      );
      expect(response.statusCode).toBe(200);
      expect(calls).toEqual({ statements: 1, transactions: 0 });
      expect(statement).toHaveBeenCalledTimes(1);
    } finally {
      statement.mockRestore();
    }
  });

  it('answers the same options as the edit form reads on their own, in either language', async () => {
    const { token } = await customer();
    await createLoanProductRepository(app.database.db).insertVersion({
      ...defaultLoanProduct,
      code: 'a-second-product',
      name_en: 'A second product',
      origination_fee_percent: 0,
      origination_fee_fixed: 0,
      monthly_fee: 0,
      is_default: false,
    });
    const id = await createLoanViaApi(app, token);
    for (const language of ['ka', 'en']) {
      const headers = { ...bearer(token), 'accept-language': language };
      const options = (await app.inject({ url: '/api/loans', headers })).json<{
        products: { code: string }[];
      }>();
      const { loan: _loan, ...editOptions } = (
        await app.inject({ url: `/api/loan-edit/${id}`, headers })
      ).json<Record<string, unknown>>();
      expect(options).toEqual(editOptions);
      expect(options.products.map((product) => product.code)).toContain('a-second-product');
    }
  });
});

describe('POST /api/loans', () => {
  it('creates a draft with the statement stored under a generated key', async () => {
    const { user, token } = await customer();
    const response = await postLoanForm(app, token, {
      values: { ...loanValues, branch_id: 2 },
    });
    expect(response.statusCode).toBe(200);
    const { id } = response.json<{ status: string; id: number }>();
    expect(response.json()).toEqual({ status: 'success', id: expect.any(Number) as number });
    const row = await rowOf(id);
    expect(row).toMatchObject({
      userId: user.id,
      amount: 1500.5,
      months: 12,
      loanPurposeId: 1,
      branchId: 2,
      status: 'draft',
      bankStatementName: 'ამონაწერი.pdf',
      bankStatementSize: bankStatement.bytes.length,
      bankStatementType: 'application/pdf',
    });
    expect(row?.bankStatementKey).toMatch(/^bank-statements\/[0-9a-f-]{36}$/);
    const stored = await app.fileStorage.read(row?.bankStatementKey ?? '');
    expect(stored.equals(Buffer.from(bankStatement.bytes))).toBe(true);
    expect(await loanHistoryOf(app, id)).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: 'draft',
        actorUserId: user.id,
        reason: 'create',
      }),
    ]);
  });

  it('answers field errors in Georgian under the spec’s names, and keeps nothing', async () => {
    const { user, token } = await customer();
    const before = await storedFiles();
    const response = await postLoanForm(app, token, {
      values: { amount: 99, months: 49, loan_purpose_id: null },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'გთხოვთ, გაასწოროთ მონიშნული ველები',
      amount: ['თანხა უნდა იყოს მინიმუმ 100,00\u00a0₾'],
      months: ['მნიშვნელობა უნდა იყოს მაქსიმუმ 48'],
      loan_purpose_id: ['ველის შევსება სავალდებულოა'],
    });
    expect(await rowsOf(user.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a value that is not JSON under its field, never with a 500', async () => {
    const { token } = await customer();
    const { payload, headers } = multipartBody(
      { ...jsonFields(loanValues), months: 'twelve', loan_purpose_id: '{' },
      bankStatement,
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/loans',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      months: ['მნიშვნელობა არასწორია'],
      loan_purpose_id: ['მნიშვნელობა არასწორია'],
    });
  });

  it('names a purpose or branch that does not exist', async () => {
    const { user, token } = await customer();
    const response = await postLoanForm(app, token, {
      values: { ...loanValues, loan_purpose_id: 999, branch_id: 3_000_000_000 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      loan_purpose_id: ['აირჩიეთ მნიშვნელობა სიიდან'],
      branch_id: ['აირჩიეთ მნიშვნელობა სიიდან'],
    });
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('asks for the bank statement when none is sent', async () => {
    const { token } = await customer();
    const response = await postLoanForm(app, token, { file: null });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ file: ['გთხოვთ, ატვირთოთ საბანკო ამონაწერი'] });
  });

  it('writes no field it was not asked for (status, owner)', async () => {
    const { user, token } = await customer();
    const other = await customer();
    const id = await createLoanViaApi(app, token, {
      ...loanValues,
      status: 'approved',
      user_id: other.user.id,
    });
    expect(await rowOf(id)).toMatchObject({ userId: user.id, status: 'draft' });
  });

  it('refuses a second open application with 409, naming the open one', async () => {
    const { user, token } = await customer();
    const first = await createLoanViaApi(app, token);
    const before = await storedFiles();
    const second = await postLoanForm(app, token);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      status: 'error',
      message: `თქვენ უკვე გაქვთ მიმდინარე განაცხადი №${first}, გთხოვთ, ჯერ დაასრულოთ ან გააუქმოთ ის`,
      loan_id: first,
    });
    expect(await rowsOf(user.id)).toHaveLength(1);
    expect(await storedFiles()).toEqual(before);
  });

  it.each(['submitted', 'under_review'] as const)(
    'counts a %s application as open',
    async (status) => {
      const { token } = await customer();
      const first = await createLoanViaApi(app, token);
      await setLoanStatus(app, first, status);
      expect((await postLoanForm(app, token)).statusCode).toBe(409);
    },
  );

  it.each(['approved', 'rejected', 'cancelled'] as const)(
    'allows a new application once the last one is %s',
    async (status) => {
      const { user, token } = await customer();
      const first = await createLoanViaApi(app, token);
      await setLoanStatus(app, first, status);
      expect((await postLoanForm(app, token)).statusCode).toBe(200);
      expect(await rowsOf(user.id)).toHaveLength(2);
    },
  );

  it('answers 409 in the envelope when the application that won a race is cancelled meanwhile', async () => {
    const { user, token } = await customer();
    const winner = await createLoanViaApi(app, token);
    await setLoanStatus(app, winner, 'cancelled');
    // The race, replayed in order: the winner is inserted while this form's file is stored,
    // and cancelled while the refused file is removed.
    const storage = app.fileStorage;
    const original = { put: storage.put.bind(storage), delete: storage.delete.bind(storage) };
    storage.put = async (...args) => {
      await original.put(...args);
      await setLoanStatus(app, winner, 'draft');
    };
    storage.delete = async (key) => {
      await original.delete(key);
      await setLoanStatus(app, winner, 'cancelled');
    };
    try {
      const response = await postLoanForm(app, token);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        status: 'error',
        message: 'მოქმედება ამ მდგომარეობაში ვერ შესრულდება',
      });
    } finally {
      Object.assign(storage, original);
    }
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('lets only one of two parallel creations through', async () => {
    const { user, token } = await customer();
    const before = await storedFiles();
    const race = raceAt(app, /^insert into "loan_applications"/);
    const answers = await Promise.all([postLoanForm(app, token), postLoanForm(app, token)]);
    await race.finish();
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(await storedFiles()).toHaveLength(before.length + 1);
  });

  it('answers 415 for a body that is not multipart', async () => {
    const { token } = await customer();
    const response = await app.inject({
      method: 'POST',
      url: '/api/loans',
      headers: bearer(token),
      payload: { amount: '1500', months: '12', loan_purpose_id: '1' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ status: 'error' });
  });

  it('answers 400 for a broken multipart body', async () => {
    const { token } = await customer();
    const response = await app.inject({
      method: 'POST',
      url: '/api/loans',
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="amount"\r\n\r\n15',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'error', message: 'მოთხოვნის ფორმატი არასწორია' });
  });
});

describe('GET /api/loans-show', () => {
  it('lists the customer’s own applications, newest first, as the /main table shows them', async () => {
    const { token } = await customer();
    const other = await customer();
    await createLoanViaApi(app, other.token);
    const first = await createLoanViaApi(app, token, { ...loanValues, amount: 500 });
    await setLoanStatus(app, first, 'rejected');
    clock.advance(60_000);
    const second = await createLoanViaApi(app, token, { ...loanValues, amount: '20000,75' });
    const response = await app.inject({ url: '/api/loans-show', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    // The test clock starts at 10:00:00 UTC, 14:00:00 in Tbilisi.
    expect(response.json()).toEqual({
      status: 'success',
      loans: [
        {
          id: second,
          created_at: expect.stringMatching(/^2026-11-23 14:\d\d:\d\d$/) as string,
          amount: 20000.75,
          months: 12,
          loan_status: { code: 'draft', name: 'შევსების პროცესში' },
          // Not submitted: computed under the seeded product (24%, 2% one-off), paid out today.
          monthly_payment: 1891.26,
          effective_rate: 31.96,
          decision: null,
          next_step: null,
        },
        {
          id: first,
          created_at: expect.stringMatching(/^2026-11-23 14:\d\d:\d\d$/) as string,
          amount: 500,
          months: 12,
          loan_status: { code: 'rejected', name: 'უარყოფილია' },
          monthly_payment: 47.28,
          effective_rate: 31.97,
          // Rejected without a recorded decision (set straight in the table): none to show.
          decision: null,
          next_step: null,
        },
      ],
    });
  });

  it('shows a draft above the 50% cap with its true figures, never failing the list', async () => {
    const { token } = await customer();
    const id = await createLoanViaApi(app, token, { ...loanValues, amount: 1000 });
    // A product version saved before the exact check (straight into the table): 45% a year.
    const overCap = await createLoanProductRepository(app.database.db).insertVersion({
      ...defaultLoanProduct,
      code: 'over-cap-draft',
      nominal_rate: 45,
      origination_fee_percent: 0,
      origination_fee_fixed: 0,
      monthly_fee: 0,
      is_default: false,
    });
    await app.database.db
      .update(loanApplications)
      .set({ productId: overCap.id })
      .where(eq(loanApplications.id, id));
    const response = await app.inject({ url: '/api/loans-show', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const [draft] = response.json<{
      loans: { effective_rate: number; monthly_payment: number }[];
    }>().loans;
    // 1,000 GEL over 12 months at 45%: 105.01 a month, about 55.5% effective (1.0375¹² − 1);
    // the quote and the finish refuse it, the list says what it is.
    expect(draft?.monthly_payment).toBe(105.01);
    expect(draft?.effective_rate).toBeGreaterThan(55);
    expect(draft?.effective_rate).toBeLessThan(56);
  });

  it('reads the list with the session, in one statement', async () => {
    const { token } = await customer();
    await createLoanViaApi(app, token);
    const statement = vi.spyOn(applicationsOfSessionUser, 'statement');
    try {
      const response = await app.inject({ url: '/api/loans-show', headers: bearer(token) });
      expect(response.json<{ loans: unknown[] }>().loans).toHaveLength(1);
      expect(statement).toHaveBeenCalledTimes(1);
    } finally {
      statement.mockRestore();
    }
  });

  it('names the statuses in English when asked', async () => {
    const { token } = await customer();
    await createLoanViaApi(app, token);
    const response = await app.inject({
      url: '/api/loans-show',
      headers: { ...bearer(token), 'accept-language': 'en' },
    });
    expect(response.json()).toMatchObject({
      loans: [{ loan_status: { code: 'draft', name: 'Draft' } }],
    });
  });
});

describe('GET /api/loan-edit/:id', () => {
  it('answers the form’s options and the application, prefilled', async () => {
    const { token } = await customer();
    const id = await createLoanViaApi(app, token);
    const response = await app.inject({ url: `/api/loan-edit/${id}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'success',
      limits: limitsOf(defaultLoanProduct),
      loan: {
        id,
        amount: 1500.5,
        months: 12,
        loan_purpose_id: 1,
        branch_id: null,
        loan_status: { code: 'draft', name: 'შევსების პროცესში' },
        bank_statement: { file_name: 'ამონაწერი.pdf', size: bankStatement.bytes.length },
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) as string,
      },
    });
  });
});

describe('POST /api/loan-edit/:id', () => {
  it('saves new values and keeps the stored statement when no file is sent', async () => {
    const { token } = await customer();
    const id = await createLoanViaApi(app, token);
    const before = await rowOf(id);
    const response = await postLoanForm(app, token, {
      url: `/api/loan-edit/${id}`,
      values: { amount: 3000, months: 24, loan_purpose_id: 2, branch_id: 1 },
      file: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });
    expect(await rowOf(id)).toMatchObject({
      amount: 3000,
      months: 24,
      loanPurposeId: 2,
      branchId: 1,
      status: 'draft',
      bankStatementKey: before?.bankStatementKey,
    });
  });

  it('replaces the statement with a new one and removes the old file', async () => {
    const { token } = await customer();
    const id = await createLoanViaApi(app, token);
    const oldKey = (await rowOf(id))?.bankStatementKey ?? '';
    const files = await storedFiles();
    const replacement = { name: 'new.pdf', bytes: pdfFile(2048) };
    const response = await postLoanForm(app, token, {
      url: `/api/loan-edit/${id}`,
      file: replacement,
    });
    expect(response.statusCode).toBe(200);
    const row = await rowOf(id);
    expect(row).toMatchObject({ bankStatementName: 'new.pdf', bankStatementSize: 2048 });
    expect(row?.bankStatementKey).not.toBe(oldKey);
    expect((await app.fileStorage.read(row?.bankStatementKey ?? '')).length).toBe(2048);
    await expect(app.fileStorage.read(oldKey)).rejects.toThrow('no stored file');
    expect(await storedFiles()).toHaveLength(files.length);
  });

  it('changes nothing and keeps no new file when the values are refused', async () => {
    const { token } = await customer();
    const id = await createLoanViaApi(app, token);
    const before = await rowOf(id);
    const files = await storedFiles();
    const response = await postLoanForm(app, token, {
      url: `/api/loan-edit/${id}`,
      values: { ...loanValues, months: 1 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ months: ['მნიშვნელობა უნდა იყოს მინიმუმ 3'] });
    expect(await rowOf(id)).toEqual(before);
    expect(await storedFiles()).toEqual(files);
  });

  it('keeps no new file when the application can no longer be edited', async () => {
    const { token } = await customer();
    const id = await createLoanViaApi(app, token);
    await setLoanStatus(app, id, 'submitted');
    const files = await storedFiles();
    const response = await postLoanForm(app, token, { url: `/api/loan-edit/${id}` });
    expect(response.statusCode).toBe(409);
    expect(await storedFiles()).toEqual(files);
  });
});
