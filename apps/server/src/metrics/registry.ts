import { codePurpose } from '@sesxi/contract';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import {
  businessEventOf,
  type BusinessEvent,
  type BusinessEventName,
  type BusinessEvents,
} from './business-events.ts';

/** Route label of a request no route matched (a 404): raw URLs would be unbounded labels. */
export const unmatchedRoute = 'unmatched';

/** The seconds a request's duration is counted under, 5 ms to 10 s. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One app's metrics (never the global registry, so that several apps in one process, as the
 * tests build them, keep their own): Node's process metrics when asked, the request duration
 * histogram, the business counters fed by the business events, and the gauges read on each scrape.
 */
export function createMetrics({ processMetrics }: { processMetrics: boolean }) {
  const registry = new Registry();
  // Node's own (event loop, heap, GC) start monitors that never stop: only where scraped.
  if (processMetrics) collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to the end of its answer, by route pattern, method and status code.',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: durationBuckets,
    registers: [registry],
  });

  const counter = <Label extends string>(
    name: string,
    help: string,
    labels?: Record<Label, readonly string[]>,
  ) => {
    const labelNames = Object.keys(labels ?? {}) as Label[];
    const metric = new Counter<Label>({ name, help, labelNames, registers: [registry] });
    // Every known series from 0, so that a rate exists before the first event.
    const [label] = labelNames;
    if (label === undefined) metric.inc(0);
    else for (const value of labels?.[label] ?? []) metric.inc({ [label]: value } as never, 0);
    return metric;
  };

  const registrations = counter('registrations_total', 'Customer accounts registered.');
  const codesSent = counter('phone_codes_sent_total', 'One-time codes texted, by purpose.', {
    purpose: codePurpose.options,
  });
  const logins = counter('logins_total', 'Password sign-ins, by outcome.', {
    outcome: ['succeeded', 'failed'],
  });
  const sdaChecks = counter('sda_checks_total', 'Personal-data checks at the SDA registry.', {
    outcome: ['verified', 'refused'],
  });
  const identomatChecks = counter(
    'identomat_checks_total',
    'Identity document checks at Identomat: started, then verified, failed or unfinished.',
    { outcome: ['started', 'verified', 'failed', 'unfinished'] },
  );
  const submissions = counter('loan_submissions_total', 'Loan applications submitted.');
  const decisions = counter(
    'loan_decisions_total',
    "Credit officers' decisions: approved, awaiting a second officer, confirmed, rejected.",
    { decision: ['approved', 'awaiting_second_officer', 'confirmed', 'rejected'] },
  );

  type Count = [Counter, Partial<Record<string, string>>?];
  /** The counter (and its labels) each business event counts in, from the fields it carries. */
  const counted: { [Name in BusinessEventName]: (fields: BusinessEvents[Name]) => Count } = {
    registered: () => [registrations],
    code_sent: ({ purpose }) => [codesSent, { purpose }],
    login_succeeded: () => [logins, { outcome: 'succeeded' }],
    login_failed: () => [logins, { outcome: 'failed' }],
    sda_verified: () => [sdaChecks, { outcome: 'verified' }],
    sda_refused: () => [sdaChecks, { outcome: 'refused' }],
    identomat_started: () => [identomatChecks, { outcome: 'started' }],
    identomat_verified: () => [identomatChecks, { outcome: 'verified' }],
    identomat_failed: () => [identomatChecks, { outcome: 'failed' }],
    identomat_unfinished: () => [identomatChecks, { outcome: 'unfinished' }],
    loan_submitted: () => [submissions],
    loan_approval: ({ state }) => [decisions, { decision: state }],
    loan_approval_confirmed: () => [decisions, { decision: 'confirmed' }],
    loan_rejected: () => [decisions, { decision: 'rejected' }],
  };
  const countOf = <Name extends BusinessEventName>(event: {
    name: Name;
    fields: BusinessEvents[Name];
  }) => counted[event.name](event.fields);

  const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [registry] });
  const jobs = {
    backlog: gauge('jobs_backlog', 'Background jobs (texts, webhooks, bureau requests) not done.'),
    failing: gauge('jobs_failing', 'Background jobs not done whose last attempt failed.'),
    oldestAge: gauge(
      'jobs_backlog_oldest_age_seconds',
      'Age of the oldest background job not done; 0 when none waits.',
    ),
  };
  const deadJobs = new Gauge({
    name: 'jobs_dead',
    help: 'Background jobs given up after their tries (webhook deliveries, texts), by kind.',
    labelNames: ['kind'] as const,
    registers: [registry],
  });

  return {
    registry,
    requestDuration,
    jobs,
    deadJobs,
    /** Counts a log line's business event, when `recordEvent` wrote it (any other line counts nothing). */
    countEvent: (event: string, fields: Readonly<Record<string, unknown>>) => {
      const recorded: BusinessEvent | undefined = businessEventOf(event, fields);
      if (!recorded) return;
      const [metric, labels] = countOf(recorded);
      if (labels) metric.inc(labels);
      else metric.inc();
    },
    /** The gauges of a database connection pool, added once the app knows it has one. */
    addPoolGauges() {
      return {
        total: gauge('db_pool_connections', 'Connections the database pool holds.'),
        idle: gauge('db_pool_idle_connections', 'Connections of the pool idle now.'),
        waiting: gauge('db_pool_waiting_requests', 'Queries waiting for a connection.'),
      };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
