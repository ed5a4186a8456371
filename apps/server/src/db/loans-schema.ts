import { openLoanStatuses, type BankStatementType, type LoanStatusCode } from '@sesxi/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { money, oneOf, percent, timestamptz } from './columns.ts';
import {
  branches,
  consentKinds,
  consentTexts,
  loanPurposes,
  loanStatuses,
  users,
} from './core-schema.ts';

const status = (name: string) => text(name).$type<LoanStatusCode>();

/**
 * Loan products: every saved pricing is a new, immutable version of its `code`; the current
 * product of a code is its latest version. Rows are only ever added, by
 * `saveLoanProduct` (modules/loan-products), which refuses a product that could exceed the
 * legal 50% effective rate. Applications and offer snapshots point at the exact version.
 */
export const loanProducts = pgTable(
  'loan_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    nominalRate: percent('nominal_rate').notNull(),
    originationFeePercent: percent('origination_fee_percent').notNull(),
    originationFeeFixed: money('origination_fee_fixed').notNull(),
    monthlyFee: money('monthly_fee').notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    minMonths: integer('min_months').notNull(),
    maxMonths: integer('max_months').notNull(),
    /** The product the loan form offers: the latest saved version marked default wins. */
    isDefault: boolean('is_default').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('loan_products_code_version_unique').on(table.code, table.version),
    check('loan_products_version_positive', sql`${table.version} > 0`),
    check(
      'loan_products_amounts',
      sql`0 < ${table.minAmount} and ${table.minAmount} <= ${table.maxAmount}`,
    ),
    check(
      'loan_products_months',
      sql`0 < ${table.minMonths} and ${table.minMonths} <= ${table.maxMonths}`,
    ),
  ],
);

/**
 * Loan applications. The bank statement is kept in the file storage under a generated key;
 * the customer's file name is only shown back to them. `status` moves only by the state
 * machine in modules/loans/loan-states.ts.
 */
export const loanApplications = pgTable(
  'loan_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    months: integer('months').notNull(),
    loanPurposeId: integer('loan_purpose_id')
      .notNull()
      .references(() => loanPurposes.id),
    branchId: integer('branch_id').references(() => branches.id),
    /** The product version the form was (last) saved with; null only before products existed. */
    productId: integer('product_id').references(() => loanProducts.id),
    /** The credit officer who took the application into review. */
    assignedOfficerId: integer('assigned_officer_id').references(() => users.id),
    status: status('status')
      .notNull()
      .references(() => loanStatuses.code),
    bankStatementKey: text('bank_statement_key').notNull(),
    bankStatementName: text('bank_statement_name').notNull(),
    bankStatementSize: integer('bank_statement_size').notNull(),
    bankStatementType: text('bank_statement_type').$type<BankStatementType>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('loan_applications_one_open_per_user')
      .on(table.userId)
      .where(
        sql`${table.status} in (${sql.raw(openLoanStatuses.map((code) => `'${code}'`).join(', '))})`,
      ),
    index('loan_applications_user_created').on(table.userId, table.createdAt.desc()),
    check('loan_applications_amount_positive', sql`${table.amount} > 0`),
    check('loan_applications_months_positive', sql`${table.months} > 0`),
    check('loan_applications_bank_statement_size', sql`${table.bankStatementSize} > 0`),
  ],
);

/** Every move of every application: from where (null on creation), to where, who, when, why. */
export const loanStatusHistory = pgTable(
  'loan_status_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => loanApplications.id, { onDelete: 'cascade' }),
    fromStatus: status('from_status').references(() => loanStatuses.code),
    toStatus: status('to_status')
      .notNull()
      .references(() => loanStatuses.code),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    /** On a take-over: the officer who held the application until then. */
    previousOfficerId: integer('previous_officer_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('loan_status_history_application').on(table.applicationId, table.createdAt)],
);

export const snapshotKinds = ['submission', 'approval'] as const;

/**
 * What the server computed when the application was submitted (finish) and when it was
 * approved, for disputes: the inputs, the product version, the offer's summary and full
 * schedule, and the affordability result. At most one of each kind an application;
 * append-only (a trigger in the migration refuses UPDATE, DELETE and TRUNCATE), so an
 * application that has one cannot be deleted either.
 */
export const loanOfferSnapshots = pgTable(
  'loan_offer_snapshots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => loanApplications.id),
    kind: text('kind', { enum: snapshotKinds }).notNull().default('submission'),
    productId: integer('product_id')
      .notNull()
      .references(() => loanProducts.id),
    /** `{amount, months, income, obligations, pti_limits, payout_date}` */
    inputs: jsonb('inputs').notNull(),
    monthlyPayment: money('monthly_payment').notNull(),
    totalRepayment: money('total_repayment').notNull(),
    totalCost: money('total_cost').notNull(),
    upfrontFee: money('upfront_fee').notNull(),
    nominalRate: percent('nominal_rate').notNull(),
    effectiveRate: percent('effective_rate').notNull(),
    /** Every row of the schedule, as `POST /api/loan-offer` answers it. */
    schedule: jsonb('schedule').notNull(),
    /** Null when there was no income to divide by. */
    pti: percent('pti'),
    ptiLimit: percent('pti_limit').notNull(),
    fits: boolean('fits').notNull(),
    alternatives: jsonb('alternatives').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    unique('loan_offer_snapshots_application_kind_unique').on(table.applicationId, table.kind),
  ],
);

/**
 * Who submitted an application and on what grounds, copied at submission so that it outlives
 * housekeeping (which deletes sign-in transactions a day after they expire): the single
 * sign-on that identified the customer, and the credit-bureau consent given for this
 * application. One a submitted application; append-only like the offer snapshots.
 */
export const loanSubmissions = pgTable('loan_submissions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  applicationId: integer('application_id')
    .notNull()
    .unique('loan_submissions_application_unique')
    .references(() => loanApplications.id),
  /** The id the sign-in transaction had; no foreign key, since that row is pruned. */
  ssoTransactionId: integer('sso_transaction_id').notNull(),
  /** The personal number the identity provider vouched for. */
  identifiedPersonalNumber: text('identified_personal_number').notNull(),
  identifiedAt: timestamptz('identified_at').notNull(),
  creditConsentId: integer('credit_consent_id')
    .notNull()
    .references(() => consents.id),
  /** The questionnaire as it was at submission, under the API's field names. */
  questionnaire: jsonb('questionnaire'),
  submittedAt: timestamptz('submitted_at').notNull(),
});

export const decisionKinds = ['approval', 'confirmation', 'rejection'] as const;

/**
 * Every decision an officer takes, append-only: an approval with its final terms (above the
 * four-eyes threshold it waits for a `confirmation` by a second, different officer), or a
 * rejection with its reasons and an internal note the customer never sees.
 */
export const loanDecisions = pgTable(
  'loan_decisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => loanApplications.id),
    kind: text('kind', { enum: decisionKinds }).notNull(),
    officerId: integer('officer_id')
      .notNull()
      .references(() => users.id),
    amount: money('amount'),
    months: integer('months'),
    monthlyPayment: money('monthly_payment'),
    effectiveRate: percent('effective_rate'),
    reasonCodes: text('reason_codes')
      .array()
      .notNull()
      .default(sql`'{}'`),
    note: text('note').notNull().default(''),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('loan_decisions_application').on(table.applicationId, table.createdAt)],
);

export const creditReportStates = ['ready', 'pending', 'unavailable'] as const;

/**
 * The credit bureau's report on a submitted application's customer, asked for under that
 * application's consent: pending until the bureau answers (a job asks again), then ready.
 * The affordability is recomputed with the bureau's monthly payments when they exceed the
 * declared ones; both figures are kept.
 */
export const creditReports = pgTable('credit_reports', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  applicationId: integer('application_id')
    .notNull()
    .unique('credit_reports_application_unique')
    .references(() => loanApplications.id),
  consentId: integer('consent_id').references(() => consents.id),
  state: text('state', { enum: creditReportStates }).notNull(),
  /** Why no report can be asked for (state `unavailable`). */
  reason: text('reason'),
  report: jsonb('report'),
  obligations: money('obligations'),
  declaredObligations: money('declared_obligations'),
  affordability: jsonb('affordability'),
  attempts: integer('attempts').notNull().default(0),
  requestedAt: timestamptz('requested_at').notNull(),
  fetchedAt: timestamptz('fetched_at'),
});

/**
 * Work done later, retried until it succeeds or its kind's tries run out: a text, a report the
 * bureau could not give at once, a webhook the lender's system did not acknowledge. A worker
 * claims one job at a time with `FOR UPDATE SKIP LOCKED` under a lease of its own (until
 * `locked_until`, with a fresh `lease_token` that every completion names, so a worker whose
 * lease ran out can no longer write the job). Jobs with one `ordering_key` run in id order.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: timestamptz('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
    /** The current holder's token; null while nobody holds the job. */
    leaseToken: uuid('lease_token'),
    /** Jobs sharing a key (one application's webhooks) run one after another, in id order. */
    orderingKey: text('ordering_key'),
    doneAt: timestamptz('done_at'),
    /** Given up: its kind's tries ran out; an operator may queue it again. */
    deadAt: timestamptz('dead_at'),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('jobs_due')
      .on(table.runAt)
      .where(sql`${table.doneAt} is null and ${table.deadAt} is null`),
    index('jobs_pending_by_ordering_key')
      .on(table.orderingKey, table.id)
      .where(
        sql`${table.orderingKey} is not null and ${table.doneAt} is null and ${table.deadAt} is null`,
      ),
    index('jobs_dead')
      .on(table.kind, table.deadAt)
      .where(sql`${table.deadAt} is not null`),
  ],
);

// The consent ledger lives beside the loans because each names the other: a credit-bureau
// consent names its application, a submission and a credit report name their consents.
/**
 * The consent ledger: every agreement with the exact wording's version and hash, the time,
 * the address and the browser. Rows are only ever added.
 */
export const consents = pgTable(
  'consents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: consentKinds }).notNull(),
    /** The wording agreed to: the very version the customer was shown. */
    consentTextId: integer('consent_text_id')
      .notNull()
      .references(() => consentTexts.id),
    /** Its wording's `sha256`, copied when the consent is recorded. */
    textSha256: text('text_sha256').notNull(),
    /** The application a credit-bureau consent was given for; null for the other kinds. */
    loanApplicationId: integer('loan_application_id').references(() => loanApplications.id),
    agreedAt: timestamptz('agreed_at').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
  },
  (table) => [
    index('consents_user').on(table.userId),
    index('consents_loan_application').on(table.loanApplicationId),
    check('consents_kind', oneOf(table.kind, consentKinds)),
  ],
);

/**
 * The business date loans run on (sandbox.md), as Fineract's: one row. The date in force is the
 * later of today in Tbilisi and `moved_to` (the sandbox's clock, only ever moved forward);
 * `closed_through` is the last day whose close of day has run.
 */
export const businessCalendar = pgTable(
  'business_calendar',
  {
    id: integer('id').primaryKey(),
    movedTo: date('moved_to', { mode: 'string' }),
    closedThrough: date('closed_through', { mode: 'string' }).notNull(),
  },
  (table) => [check('business_calendar_one_row', sql`${table.id} = 1`)],
);
