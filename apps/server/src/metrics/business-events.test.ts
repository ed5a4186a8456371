import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '#app/logging.ts';
import { giorgi, registerCustomer } from '#app/test/accounts.ts';
import { decisionTestApp, fifteenThousand } from '#app/test/decisions.ts';
import { completedDocumentCheck } from '#app/test/identity-checks.ts';
import { logCapture } from '#app/test/log-capture.ts';
import {
  businessEvents,
  recordEvent,
  type BusinessEventName,
  type BusinessEvents,
} from './business-events.ts';
import { createMetrics, type Metrics } from './registry.ts';

/** Every counter series and its value now, keyed `name{label="value"}`. */
async function counts(metrics: Metrics): Promise<Map<string, number>> {
  const values = new Map<string, number>();
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    if (!metric.name.endsWith('_total')) continue;
    for (const { labels, value } of metric.values) {
      const label = Object.entries(labels)
        .map(([name, text]) => `${name}="${String(text)}"`)
        .join(',');
      values.set(label === '' ? metric.name : `${metric.name}{${label}}`, value);
    }
  }
  return values;
}

/** The counter series `step` moved, and by how much. */
async function moved(metrics: Metrics, step: () => Promise<unknown>) {
  const before = await counts(metrics);
  await step();
  const after = await counts(metrics);
  return Object.fromEntries(
    [...after]
      .map(([series, value]) => [series, value - (before.get(series) ?? 0)] as const)
      .filter(([, change]) => change !== 0),
  );
}

/** Each event with fields it could carry and the one series it must move. */
const expected: { [Name in BusinessEventName]: [BusinessEvents[Name], string] } = {
  registered: [{ userId: 1 }, 'registrations_total'],
  code_sent: [
    { phone: '599000111', purpose: 'restore_password' },
    'phone_codes_sent_total{purpose="restore_password"}',
  ],
  login_succeeded: [{ userId: 1 }, 'logins_total{outcome="succeeded"}'],
  login_failed: [
    { phone: '599000111', knownPhone: true, reason: 'wrong_password' },
    'logins_total{outcome="failed"}',
  ],
  sda_verified: [{ userId: 1 }, 'sda_checks_total{outcome="verified"}'],
  sda_refused: [
    { userId: 1, personalNumber: '0100*****11', accountDeleted: true },
    'sda_checks_total{outcome="refused"}',
  ],
  identomat_started: [{}, 'identomat_checks_total{outcome="started"}'],
  identomat_verified: [
    { providerResult: 'approved', mismatches: [] },
    'identomat_checks_total{outcome="verified"}',
  ],
  identomat_failed: [
    { providerResult: 'rejected', mismatches: ['name'] },
    'identomat_checks_total{outcome="failed"}',
  ],
  identomat_unfinished: [{}, 'identomat_checks_total{outcome="unfinished"}'],
  loan_submitted: [{ loanId: 1 }, 'loan_submissions_total'],
  loan_approval: [
    { loanId: 1, officerId: 2, state: 'awaiting_second_officer' },
    'loan_decisions_total{decision="awaiting_second_officer"}',
  ],
  loan_approval_confirmed: [
    { loanId: 1, officerId: 3 },
    'loan_decisions_total{decision="confirmed"}',
  ],
  loan_rejected: [{ loanId: 1, officerId: 2 }, 'loan_decisions_total{decision="rejected"}'],
};

describe('business events', () => {
  it('each moves its own counter by one and writes its log line, whatever LOG_LEVEL keeps out', async () => {
    for (const level of ['info', 'silent'] as const) {
      const metrics = createMetrics({ processMetrics: false });
      const logs = logCapture();
      const app = Fastify({ logger: loggerOptions(level, logs.stream, metrics.countEvent) });
      for (const name of Object.keys(businessEvents) as BusinessEventName[]) {
        const [fields, series] = expected[name];
        const record = () => {
          recordEvent(app.log, name, fields as never, 'a business event');
          return Promise.resolve();
        };
        expect([name, await moved(metrics, record)]).toEqual([name, { [series]: 1 }]);
        if (level === 'info') expect(logs.events(name)).toEqual([expect.objectContaining(fields)]);
      }
      if (level === 'silent') expect(logs.lines).toEqual([]);
      await app.close();
    }
  });

  it('are counted only as recorded: a log line that merely names one counts nothing', async () => {
    const metrics = createMetrics({ processMetrics: false });
    const app = Fastify({ logger: loggerOptions('silent', undefined, metrics.countEvent) });
    const handWritten = () => {
      app.log.info({ event: 'loan_rejected', loanId: 1, officerId: 2 }, 'application rejected');
      app.log.info({ event: 'registered', userId: 1 }, 'account registered');
      return Promise.resolve();
    };
    expect(await moved(metrics, handWritten)).toEqual({});
    await app.close();
  });
});

describe('the counters, as the product works', () => {
  const { appOf, officer, submittedApplication, take, approve, confirm, reject } =
    decisionTestApp();
  const step = (action: () => Promise<unknown>) => moved(appOf().metrics, action);
  const login = (app: FastifyInstance, phone: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/login', payload: { phone, password } });

  it('count a registration, its code, sign-ins, an SDA check, a document check and a submission', async () => {
    const app = appOf();
    const password = 'ჩემი საიდუმლო პაროლი';
    expect(
      await step(() => registerCustomer(app, { phone: '599880001', identity: giorgi, password })),
    ).toEqual({ registrations_total: 1, 'phone_codes_sent_total{purpose="registration"}': 1 });
    expect(await step(() => login(app, '599880001', password))).toEqual({
      'logins_total{outcome="succeeded"}': 1,
    });
    expect(await step(() => login(app, '599880001', 'not the password'))).toEqual({
      'logins_total{outcome="failed"}': 1,
    });

    let token = '';
    expect(
      await step(async () => {
        ({ token } = await submittedApplication('21'));
      }),
    ).toEqual({ 'sda_checks_total{outcome="verified"}': 1, loan_submissions_total: 1 });
    expect(await step(() => completedDocumentCheck(app, token))).toEqual({
      'identomat_checks_total{outcome="started"}': 1,
      'identomat_checks_total{outcome="verified"}': 1,
    });
  });

  it('count each decision by what it decided', async () => {
    const first = await officer('599000002');
    const second = await officer('599000003');
    const small = await submittedApplication('31');
    const large = await submittedApplication('41', fifteenThousand);
    const rejected = await submittedApplication('51');
    for (const { id } of [small, large, rejected]) {
      expect((await take(first, id)).statusCode).toBe(200);
    }
    expect(await step(() => approve(first, small.id, { amount: 1000, months: 12 }))).toEqual({
      'loan_decisions_total{decision="approved"}': 1,
    });
    expect(await step(() => approve(first, large.id, { amount: 15000, months: 24 }))).toEqual({
      'loan_decisions_total{decision="awaiting_second_officer"}': 1,
    });
    expect(await step(() => confirm(second, large.id))).toEqual({
      'loan_decisions_total{decision="confirmed"}': 1,
    });
    expect(
      await step(() => reject(first, rejected.id, { reason_codes: ['income_too_low'] })),
    ).toEqual({ 'loan_decisions_total{decision="rejected"}': 1 });
  });
});
