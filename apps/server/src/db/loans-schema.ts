import type { LoanStatusCode } from '@sesxi/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { money, percent, timestamptz } from './columns.ts';
import { openLoanStatuses } from '../modules/loans/loan-states.ts';
import { branches, loanPurposes, loanStatuses, users } from './schema.ts';

// Only inside callbacks: schema.ts re-exports this file, so its tables are not there yet when
// this module is evaluated.
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
    status: status('status')
      .notNull()
      .references(() => loanStatuses.code),
    bankStatementKey: text('bank_statement_key').notNull(),
    bankStatementName: text('bank_statement_name').notNull(),
    bankStatementSize: integer('bank_statement_size').notNull(),
    bankStatementType: text('bank_statement_type').notNull(),
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
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('loan_status_history_application').on(table.applicationId, table.createdAt)],
);

/**
 * What the server computed when the application was submitted (finish), for disputes: the
 * inputs, the product version, the offer's summary and full schedule, and the affordability
 * result. One a submitted application; append-only (a trigger in the migration refuses
 * UPDATE, DELETE and TRUNCATE), so an application that has one cannot be deleted either.
 */
export const loanOfferSnapshots = pgTable('loan_offer_snapshots', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  applicationId: integer('application_id')
    .notNull()
    .unique('loan_offer_snapshots_application_unique')
    .references(() => loanApplications.id),
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
});
