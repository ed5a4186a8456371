/* The money leaving the lender (decision 022): payouts of signed contracts and the fixed schedules. */
import { payoutStates } from '@sesxi/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, timestamptz } from './columns.ts';
import { customerDocuments } from './contracts-schema.ts';
import { loanApplications } from './loans-schema.ts';
import { loanTransactions } from './servicing-schema.ts';

/**
 * The payout of a signed document into the account it names: sent by this server through the
 * payout bank (`PAYOUT_MODE=bank`) or reported by the lender's core system (`core`). The
 * idempotency key names the document, so a new account (a new signed document) is a new payout
 * and a retry is the same one. `sending` marks a payout the bank may have been asked for: it
 * stays so until the bank answers that key. A loan has at most one payout that is neither
 * refused nor cancelled.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loanApplications.id),
    signedDocumentId: integer('signed_document_id')
      .notNull()
      .references(() => customerDocuments.id),
    idempotencyKey: text('idempotency_key').notNull().unique('payouts_idempotency_key_unique'),
    /** The approved amount less the upfront fees. */
    amountTetri: integer('amount_tetri').notNull(),
    iban: text('iban').notNull(),
    state: text('state', { enum: payoutStates }).notNull(),
    /** The bank was asked this many times (under the one key). */
    attempts: integer('attempts').notNull().default(0),
    bankReference: text('bank_reference'),
    refusalReason: text('refusal_reason'),
    paidAt: timestamptz('paid_at'),
    /** The day the money left, as the business date runs: the schedule runs from it. */
    payoutDate: date('payout_date', { mode: 'string' }),
    /** `PAYOUT_MODE=core`: the `Idempotency-Key` of the core's report and its request's SHA-256. */
    reportKey: text('report_key').unique('payouts_report_key_unique'),
    reportSha256: text('report_sha256'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('payouts_loan').on(table.loanId, table.id),
    uniqueIndex('payouts_one_live_per_loan')
      .on(table.loanId)
      .where(sql`${table.state} not in ('refused', 'cancelled')`),
    check('payouts_state', oneOf(table.state, payoutStates)),
    check('payouts_amount_positive', sql`${table.amountTetri} > 0`),
    check(
      'payouts_paid_with_reference',
      sql`${table.state} <> 'paid' or (${table.bankReference} is not null and ${table.paidAt} is not null and ${table.payoutDate} is not null)`,
    ),
  ],
);

/**
 * An active loan's schedule, fixed from its payout date: one row a payment, amounts in tetri
 * (principal + interest + fee = payment; `balance` is the principal still owed after it).
 * Version 1 is written when the payout is paid; a prepayment that changes the schedule adds the
 * next version whole (`transaction_id` names it) and the account moves to it (decision 023):
 * no row is ever changed.
 */
export const loanInstalments = pgTable(
  'loan_instalments',
  {
    loanId: integer('loan_id')
      .notNull()
      .references(() => loanApplications.id),
    version: integer('version').notNull().default(1),
    number: integer('number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    paymentTetri: integer('payment_tetri').notNull(),
    principalTetri: integer('principal_tetri').notNull(),
    interestTetri: integer('interest_tetri').notNull(),
    feeTetri: integer('fee_tetri').notNull(),
    balanceTetri: integer('balance_tetri').notNull(),
    /** The prepayment that made this version; null for the payout's. */
    transactionId: integer('transaction_id').references(() => loanTransactions.id),
  },
  (table) => [
    primaryKey({
      name: 'loan_instalments_pk',
      columns: [table.loanId, table.version, table.number],
    }),
    check(
      'loan_instalments_sums',
      sql`${table.paymentTetri} = ${table.principalTetri} + ${table.interestTetri} + ${table.feeTetri}`,
    ),
  ],
);
