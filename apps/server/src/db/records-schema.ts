/* What is kept of a customer besides loans: questionnaires, document checks, the access log. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { accessLogActions } from '@sesxi/contract';
import { createdAt, id, money, oneOf, timestamptz } from './columns.ts';
import { users } from './accounts-schema.ts';
import { activitySpheres, cities } from './reference-schema.ts';

/**
 * The customer's one financial questionnaire, updated in place; every saved version is kept
 * in `questionnaire_history`. A conditional amount is present exactly when its box is set.
 */
export const questionnaires = pgTable(
  'questionnaires',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .unique('questionnaires_user_unique')
      .references(() => users.id, { onDelete: 'cascade' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    address: text('address').notNull(),
    organisationName: text('organisation_name').notNull(),
    position: text('position').notNull(),
    salary: money('salary').notNull(),
    hasTransfer: boolean('has_transfer').notNull(),
    transfer: money('transfer'),
    monthlyExpenses: money('monthly_expenses').notNull(),
    totalFinancialLiability: money('total_financial_liability').notNull(),
    /** What the customer pays a month on existing loans; null when they did not say. */
    monthlyLoanPayments: money('monthly_loan_payments'),
    isPoliticalActive: boolean('is_political_active').notNull(),
    isEntrepreneur: boolean('is_entrepreneur').notNull(),
    entrepreneurIncome: money('entrepreneur_income'),
    activitySphereId: integer('activity_sphere_id').references(() => activitySpheres.id),
    hasPension: boolean('has_pension').notNull(),
    pension: money('pension'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check(
      'questionnaires_transfer_when_set',
      sql`(${table.transfer} is not null) = ${table.hasTransfer}`,
    ),
    check(
      'questionnaires_entrepreneur_when_set',
      sql`(${table.entrepreneurIncome} is not null) = ${table.isEntrepreneur} and (${table.activitySphereId} is not null) = ${table.isEntrepreneur}`,
    ),
    check(
      'questionnaires_pension_when_set',
      sql`(${table.pension} is not null) = ${table.hasPension}`,
    ),
  ],
);

/** Every saved version of a questionnaire, as the customer sent it, with when and from where. */
export const questionnaireHistory = pgTable(
  'questionnaire_history',
  {
    id: id(),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    values: jsonb('values').notNull(),
    savedAt: timestamptz('saved_at').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
  },
  (table) => [
    index('questionnaire_history_questionnaire').on(table.questionnaireId, table.savedAt),
  ],
);

/**
 * One document verification at Identomat, from its start to its result. `result` holds the
 * provider's JSON as received (sandbox results have the same shape); `outcome` is ours.
 */
export const identomatChecks = pgTable(
  'identomat_checks',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionToken: text('session_token').notNull().unique('identomat_checks_session_token_unique'),
    result: jsonb('result'),
    outcome: text('outcome', { enum: ['success', 'failure'] }),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
  },
  (table) => [
    index('identomat_checks_user_created').on(table.userId, table.createdAt.desc()),
    check('identomat_checks_outcome', oneOf(table.outcome, ['success', 'failure'])),
  ],
);

/**
 * Support staff's reads of customers' personal data (Georgia's personal-data law): who, whose,
 * what and when. Append-only: a trigger in the migration refuses UPDATE, DELETE and TRUNCATE.
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: id(),
    /**
     * The staff member who read, as their id: no foreign key, like the subjects. The check of
     * one would lock the actor's row (`KEY SHARE`) on every read they log, a lock all their
     * concurrent reads share, for an id that comes from their own live session.
     */
    actorUserId: integer('actor_user_id').notNull(),
    subjectUserIds: integer('subject_user_ids').array().notNull(),
    action: text('action', { enum: accessLogActions }).notNull(),
    details: jsonb('details').notNull().default({}),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('access_log_subjects').using('gin', table.subjectUserIds),
    index('access_log_created').on(table.createdAt),
    check('access_log_action', oneOf(table.action, accessLogActions)),
  ],
);

/**
 * How many customers there are (support staff not counted), kept by statement triggers on
 * `users` (see the migration): the support table's unfiltered total is one row read, not a
 * count over a million rows. Exactly one row.
 */
export const customerCount = pgTable(
  'customer_count',
  {
    id: integer('id').primaryKey().default(1),
    customers: integer('customers').notNull(),
  },
  (table) => [check('customer_count_single_row', sql`${table.id} = 1`)],
);
