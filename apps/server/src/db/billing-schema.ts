/* Payments at terminals by personal number, and the reminders of due dates (issue 29). */
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf } from './columns.ts';
import { loanApplications } from './loans-schema.ts';

/**
 * A biller's payment by its `transaction_id`, once per biller: the receipt it is answered with,
 * and the SHA-256 of what it asked, so the same id with another person or amount is refused.
 * Its postings are in the ledger under the reference `biller:transaction_id`.
 */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: id(),
    biller: text('biller').notNull(),
    transactionId: text('transaction_id').notNull(),
    requestSha256: text('request_sha256').notNull(),
    amountTetri: integer('amount_tetri').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    unique('billing_payments_biller_transaction').on(table.biller, table.transactionId),
    check('billing_payments_amount', sql`${table.amountTetri} > 0`),
  ],
);

export const reminderKinds = ['before_due', 'overdue_day_1', 'overdue_day_7'] as const;
export type ReminderKind = (typeof reminderKinds)[number];

/** The reminders queued, one of each kind per instalment at most (its key says so). */
export const loanReminders = pgTable(
  'loan_reminders',
  {
    loanId: integer('loan_id')
      .notNull()
      .references(() => loanApplications.id),
    instalmentNumber: integer('instalment_number').notNull(),
    kind: text('kind', { enum: reminderKinds }).notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.loanId, table.instalmentNumber, table.kind] }),
    check('loan_reminders_kind', oneOf(table.kind, reminderKinds)),
  ],
);
