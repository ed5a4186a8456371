import { arrayContains } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessLog } from '#app/db/schema.ts';
import { bearer, sandboxSupportToken } from '#app/test/accounts.ts';
import { decisionTestApp } from '#app/test/decisions.ts';
import { createLoanViaApi } from '#app/test/loans.ts';
import { onboardedCustomer } from '#app/test/onboarding.ts';

const { appOf, officer, take, approve, reject, submittedApplication } = decisionTestApp();

interface ShownApplication {
  id: number;
  created_at: string;
  amount: number;
  months: number;
  loan_status: { code: string; name: string };
  decision: Record<string, unknown> | null;
}

async function supportReads(userId: number, headers: Record<string, string> = {}) {
  const token = await sandboxSupportToken(appOf());
  const response = await appOf().inject({
    url: `/api/checking/users/${userId}`,
    headers: { ...bearer(token), ...headers },
  });
  expect(response.statusCode).toBe(200);
  return response;
}

const timestamp = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe('GET /api/checking/users/:id: the customer’s applications', () => {
  it('shows a rejection with the reasons the customer reads, never the officer’s note', async () => {
    const { user, id } = await submittedApplication('21');
    const headers = await officer('599000003');
    await take(headers, id);
    const rejected = await reject(headers, id, {
      reason_codes: ['overdue_debt', 'income_too_low'],
      note: 'შიდა შენიშვნა მხარდაჭერისთვის',
    });
    expect(rejected.statusCode).toBe(200);

    const response = await supportReads(user.id);
    const { applications } = response.json<{ applications: ShownApplication[] }>();
    expect(applications).toEqual([
      {
        id,
        created_at: expect.stringMatching(timestamp) as string,
        amount: 1500.5,
        months: 12,
        loan_status: { code: 'rejected', name: 'უარყოფილია' },
        decision: {
          state: 'rejected',
          amount: null,
          months: null,
          monthly_payment: null,
          effective_rate: null,
          reasons: [
            'შემოსავალი არ არის საკმარისი ყოველთვიური გადასახადისთვის',
            'გაქვთ ვადაგადაცილებული დავალიანება',
          ],
          decided_at: expect.stringMatching(timestamp) as string,
        },
      },
    ]);
    expect(response.body).not.toContain('შიდა შენიშვნა');
  });

  it('keeps the customer’s Georgian reasons when support reads in English', async () => {
    const { user, id } = await submittedApplication('22');
    const headers = await officer('599000003');
    await take(headers, id);
    await reject(headers, id, { reason_codes: ['overdue_debt'] });

    const response = await supportReads(user.id, { 'accept-language': 'en' });
    const [application] = response.json<{ applications: ShownApplication[] }>().applications;
    expect(application?.loan_status).toEqual({ code: 'rejected', name: 'Rejected' });
    expect(application?.decision).toMatchObject({
      reasons: ['გაქვთ ვადაგადაცილებული დავალიანება'],
    });
  });

  it('shows an approval’s final terms, and an application not yet decided without one, newest first', async () => {
    const customer = await submittedApplication('23');
    const headers = await officer('599000002');
    await take(headers, customer.id);
    expect(
      (await approve(headers, customer.id, { amount: '1200,00', months: 10 })).statusCode,
    ).toBe(200);
    const draft = await createLoanViaApi(appOf(), customer.token);

    const response = await supportReads(customer.user.id);
    const applications = response.json<{ applications: ShownApplication[] }>().applications;
    expect(applications.map((application) => application.id)).toEqual([draft, customer.id]);
    expect(applications[0]).toMatchObject({ loan_status: { code: 'draft' }, decision: null });
    expect(applications[1]).toMatchObject({
      loan_status: { code: 'approved' },
      decision: {
        state: 'approved',
        amount: 1200,
        months: 10,
        monthly_payment: expect.any(Number) as number,
        effective_rate: expect.any(Number) as number,
        reasons: [],
      },
    });
  });

  it('answers an empty list for a customer with no application, and logs the read', async () => {
    const { user } = await onboardedCustomer(appOf(), { phone: '593399924' });
    const response = await supportReads(user.id);
    expect(response.json()).toMatchObject({ applications: [] });
    const logged = await appOf()
      .database.db.select({ action: accessLog.action })
      .from(accessLog)
      .where(arrayContains(accessLog.subjectUserIds, [user.id]));
    expect(logged).toEqual([{ action: 'users.show' }]);
  });
});
