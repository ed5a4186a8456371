import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { loanDecisions } from '#app/db/schema.ts';
import { bearer } from './accounts.ts';
import { consentedLoanViaApi, finishLoan, loanSsoToken, loanTestApp } from './loans.ts';
import { onboardedCustomer, type SignedInCustomer } from './onboarding.ts';
import { sandboxStaffAccounts } from '#app/sandbox/staff-accounts.ts';

type Headers = Record<string, string>;

/** The sandbox's credit officers (sandbox.md). */
export type SandboxOfficer = '599000002' | '599000003';

/** The personal number the staff seed gives a sandbox account. */
export function seededPersonalNumber(phone: string): string {
  const account = sandboxStaffAccounts.find((staff) => staff.phone === phone);
  if (!account) throw new Error(`${phone} is not a sandbox staff account`);
  return account.personalNumber;
}

/** Asked for above the four-eyes threshold: 15,000 GEL over 24 months. */
export const fifteenThousand = { amount: '15000', months: 24, loan_purpose_id: 1 };

/**
 * The calls of the decision tests against the app `appOf` answers (a file's app is built in
 * its beforeAll): officers signing in, customers submitting, and the decision endpoints.
 */
export function decisionCalls(appOf: () => FastifyInstance) {
  let phones = 0;

  function call(headers: Headers, method: 'GET' | 'POST', url: string, payload?: object) {
    return appOf().inject({ method, url, headers, ...(payload && { payload }) } as InjectOptions);
  }

  async function submit({ user, token }: SignedInCustomer, values?: Record<string, unknown>) {
    const app = appOf();
    const id = await consentedLoanViaApi(app, token, values);
    const ssoToken = await loanSsoToken(app, {
      userId: user.id,
      loanId: id,
      personalNumber: user.identityNumber ?? '',
    });
    expect((await finishLoan(app, token, id, ssoToken)).statusCode).toBe(200);
    return id;
  }

  /** The bearer headers of a sandbox credit officer signed in with the password. */
  async function officer(phone: SandboxOfficer): Promise<Headers> {
    const login = await appOf().inject({
      method: 'POST',
      url: '/api/login',
      payload: { phone, password: 'Credit-2026' },
      remoteAddress: `10.77.0.${phone.slice(-1)}`,
    });
    return bearer(login.json<{ user: { apiToken: string } }>().user.apiToken);
  }

  /** A customer (personal number ending like the phone) with an application submitted. */
  async function submittedApplication(ending = '11', values?: Record<string, unknown>) {
    phones += 1;
    const phone = `5933${String(phones).padStart(3, '0')}${ending}`;
    const customer = await onboardedCustomer(appOf(), { phone });
    return { ...customer, id: await submit(customer, values) };
  }

  const take = (headers: Headers, id: number) =>
    call(headers, 'POST', `/api/applications/${id}/review`);
  const approve = (headers: Headers, id: number, terms: object) =>
    call(headers, 'POST', `/api/applications/${id}/approve`, terms);

  /**
   * submittedApplication's application taken into review by the first sandbox officer, whose
   * headers are `first`.
   */
  async function inReview(ending = '11', values?: Record<string, unknown>) {
    const submitted = await submittedApplication(ending, values);
    const first = await officer('599000002');
    expect((await take(first, submitted.id)).statusCode).toBe(200);
    return { ...submitted, first };
  }

  return {
    call,
    officer,

    /** An application of the signed-in customer `customer`, submitted; answers its id. */
    submit,
    submittedApplication,
    inReview,

    /**
     * An application of 15,000 GEL in review whose first officer (`first`) approved 12,000 GEL
     * over 24 months: the approval awaits a second officer.
     */
    awaitingSecondOfficer: async () => {
      const application = await inReview('11', fifteenThousand);
      const approved = await approve(application.first, application.id, {
        amount: 12000,
        months: 24,
      });
      expect(approved.json()).toMatchObject({ decision: { state: 'awaiting_second_officer' } });
      return application;
    },

    take,
    approve,
    confirm: (headers: Headers, id: number) =>
      call(headers, 'POST', `/api/applications/${id}/confirm`),
    reject: (headers: Headers, id: number, body: object) =>
      call(headers, 'POST', `/api/applications/${id}/reject`, body),
    review: (headers: Headers, id: number) => call(headers, 'GET', `/api/applications/${id}`),
    /** The customer's cancel, as every step's cancel button sends it. */
    cancel: (token: string, id: number) =>
      call(bearer(token), 'POST', `/api/credit-info/${id}/cancel`),
    /** The customer's list on /main. */
    loansShow: (token: string) => call(bearer(token), 'GET', '/api/loans-show'),

    /** The application's decisions as stored, oldest first. */
    decisionsOf: (id: number) =>
      appOf()
        .database.db.select()
        .from(loanDecisions)
        .where(eq(loanDecisions.applicationId, id))
        .orderBy(asc(loanDecisions.id)),
  };
}

/**
 * A file's decision test app: built before its tests and closed after them; `appOf` answers it
 * once built, the rest are decisionCalls'.
 */
export function decisionTestApp() {
  let app: FastifyInstance | undefined;
  let close: () => Promise<void> = () => Promise.resolve();
  const appOf = () => {
    if (!app) throw new Error('the decision test app is built in beforeAll');
    return app;
  };
  const calls = decisionCalls(appOf);
  beforeAll(async () => {
    ({ app, close } = await loanTestApp());
  });
  afterAll(() => close());
  return { appOf, ...calls };
}
