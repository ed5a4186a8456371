import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, creditReports, jobs } from '#app/db/schema.ts';
import { ServiceUnavailableError } from '#app/errors.ts';
import { consentedLoanViaApi, finishLoan, loanSsoToken, loanTestApp } from '#app/test/loans.ts';
import { onboardedCustomer, questionnaireAnswers } from '#app/test/onboarding.ts';
import { raceAt } from '#app/test/race.ts';
import { testClock } from '#app/test/test-clock.ts';
import { fetchReportJob } from './service.ts';

const clock = testClock();
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await loanTestApp({ clock }));
});

afterAll(() => close());

/** A customer whose personal number ends like `phone`, with an application submitted. */
async function submitted(phone: string, answers: Record<string, unknown> = questionnaireAnswers) {
  const { user, token } = await onboardedCustomer(app, { phone, answers });
  const id = await consentedLoanViaApi(app, token);
  const personalNumber = user.identityNumber ?? '';
  const ssoToken = await loanSsoToken(app, { userId: user.id, loanId: id, personalNumber });
  const finished = await finishLoan(app, token, id, ssoToken);
  expect(finished.statusCode).toBe(200);
  return { user, id };
}

async function reportOf(applicationId: number) {
  const [row] = await app.database.db
    .select()
    .from(creditReports)
    .where(eq(creditReports.applicationId, applicationId));
  return row;
}

describe('the credit report of a submission', () => {
  it('is asked for under the application’s consent and kept with both obligations', async () => {
    // A 1,500.50 GEL salary and no obligations: the bureau finds one loan at 10% of the salary.
    const { user, id } = await submitted('593330011');
    const report = await reportOf(id);
    const [consent] = await app.database.db
      .select({ id: consents.id })
      .from(consents)
      .where(eq(consents.loanApplicationId, id));
    expect(report).toMatchObject({
      state: 'ready',
      consentId: consent?.id,
      obligations: 150.05,
      declaredObligations: 0,
      fetchedAt: clock.now(),
    });
    expect(report?.report).toMatchObject({
      loans: [{ monthly_payment: 150.05, overdue_days: 0 }],
    });
    // The PTI now counts the bureau's 150.05 GEL a month beside the new payment.
    expect(report?.affordability).toMatchObject({ fits: true });
    expect(user.id).toBeGreaterThan(0);
  });

  it('keeps the declared obligations when they are the larger', async () => {
    const { id } = await submitted('593330012', {
      ...questionnaireAnswers,
      salary: 3000,
      monthly_loan_payments: 800,
    });
    expect(await reportOf(id)).toMatchObject({ obligations: 300, declaredObligations: 800 });
  });

  it('finds the sandbox’s loan at 10% of the declared salary, not of the whole income', async () => {
    // 3,200 GEL salary and 830.50 GEL of transfers: 4,030.50 GEL of income, 320.00 GEL a month.
    const { id } = await submitted('593330013', {
      ...questionnaireAnswers,
      salary: '3200',
      has_transfer: true,
      transfer: '830,50',
    });
    const report = await reportOf(id);
    expect(report?.report).toMatchObject({ loans: [{ monthly_payment: 320 }] });
    expect(report).toMatchObject({ obligations: 320 });
  });

  it('shows a loan 90 or more days overdue for a personal number ending in 95', async () => {
    const { id } = await submitted('593330095');
    const report = await reportOf(id);
    expect(report?.state).toBe('ready');
    expect(report?.report).toMatchObject({ loans: [{ overdue_days: 120 }] });
  });

  it('stays pending while the bureau is unreachable (96) and is fetched by the retried job', async () => {
    const { id } = await submitted('593330096');
    expect(await reportOf(id)).toMatchObject({ state: 'pending', attempts: 1 });
    const [job] = await app.database.db.select().from(jobs).where(eq(jobs.kind, fetchReportJob));
    expect(job?.payload).toBeDefined();

    clock.advance(60_000);
    await app.jobs.runDue();
    expect(await reportOf(id)).toMatchObject({ state: 'pending', attempts: 2 });

    const report = app.creditBureau.report.bind(app.creditBureau);
    app.creditBureau.report = () => Promise.resolve({ loans: [], enquiries: 0, score: null });
    try {
      clock.advance(3_600_000);
      await app.jobs.runDue();
    } finally {
      app.creditBureau.report = report;
    }
    expect(await reportOf(id)).toMatchObject({ state: 'ready', obligations: 0 });
  });

  it('is asked of the bureau once when a poller runs while the submission asks', async () => {
    const report = app.creditBureau.report.bind(app.creditBureau);
    let enquiries = 0;
    app.creditBureau.report = async (request) => {
      enquiries += 1;
      // Another instance's poll comes by while the bureau is answering the submission.
      if (enquiries === 1) await app.jobs.runDue();
      return report(request);
    };
    try {
      const { id } = await submitted('593330015');
      expect(await reportOf(id)).toMatchObject({ state: 'ready' });
    } finally {
      app.creditBureau.report = report;
    }
    expect(enquiries).toBe(1);
  });

  it('is asked of the bureau once when the submission and a poller claim its job at once', async () => {
    const report = app.creditBureau.report.bind(app.creditBureau);
    const runNow = app.jobs.runNow.bind(app.jobs);
    let enquiries = 0;
    app.creditBureau.report = (request) => {
      enquiries += 1;
      return report(request);
    };
    app.jobs.runNow = async (id) => {
      await Promise.all([runNow(id), app.jobs.runDue()]);
    };
    const race = raceAt(app, /skip locked/);
    try {
      await submitted('593330016');
      await race.finish();
    } finally {
      app.creditBureau.report = report;
      app.jobs.runNow = runNow;
    }
    expect(enquiries).toBe(1);
  });

  it('is refused, and says so, once the consent is over 30 days old', async () => {
    const { id } = await submitted('593330196');
    clock.advance(31 * 24 * 3_600_000);
    const report = app.creditBureau.report.bind(app.creditBureau);
    let asked = false;
    app.creditBureau.report = () => {
      asked = true;
      return Promise.reject(new ServiceUnavailableError('credit_bureau'));
    };
    try {
      await app.jobs.runDue();
    } finally {
      app.creditBureau.report = report;
    }
    expect(asked).toBe(false);
    expect(await reportOf(id)).toMatchObject({ state: 'unavailable', reason: 'consent_expired' });
  });
});
