import type { LoanStatusCode } from '@sesxi/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { openLoanStatuses } from '../modules/loans/loan-states.ts';
import { branches, loanPurposes, loanStatuses, users } from './schema.ts';

// Only inside callbacks: schema.ts re-exports this file, so its tables are not there yet when
// this module is evaluated.
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const status = (name: string) => text(name).$type<LoanStatusCode>();

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
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    months: integer('months').notNull(),
    loanPurposeId: integer('loan_purpose_id')
      .notNull()
      .references(() => loanPurposes.id),
    branchId: integer('branch_id').references(() => branches.id),
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
