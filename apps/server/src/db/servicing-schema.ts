/* A loan being repaid (decision 023): its append-only ledger and the running account it keeps. */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf } from './columns.ts';
import { loanApplications } from './loans-schema.ts';

export const loanTransactionKinds = [
  'payout',
  'payment',
  'interest_accrual',
  'penalty',
  'fee',
  'refund',
  'advance_release',
] as const;
export type LoanTransactionKind = (typeof loanTransactionKinds)[number];

export const paymentChannels = ['card', 'billing', 'core'] as const;
export type PaymentChannel = (typeof paymentChannels)[number];

/** The kinds close of day posts, at most one of each per loan and day. */
const dailyKinds = ['interest_accrual', 'penalty'] as const;

/**
 * The ledger: every movement of a loan's money, in tetri, never changed (a trigger refuses
 * UPDATE and DELETE; a correction is a new row). A payment carries its allocation, which sums
 * to its amount, and its channel's reference, unique per channel so that it posts once. An
 * `advance_release` (amount 0, its payment's reference) moves an advance of interest no longer
 * to be earned out of interest into principal or credit. A `refund` (the lender paid credit
 * back) has a positive amount, all of it in `credit_tetri`, drawn from the account's credit: its
 * credit counts against the payments', never as a negative allocation.
 */
export const loanTransactions = pgTable(
  'loan_transactions',
  {
    id: id(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loanApplications.id),
    kind: text('kind', { enum: loanTransactionKinds }).notNull(),
    amountTetri: integer('amount_tetri').notNull(),
    penaltyTetri: integer('penalty_tetri').notNull().default(0),
    interestTetri: integer('interest_tetri').notNull().default(0),
    principalTetri: integer('principal_tetri').notNull().default(0),
    /** The early-repayment fee a prepayment paid. */
    feeTetri: integer('fee_tetri').notNull().default(0),
    creditTetri: integer('credit_tetri').notNull().default(0),
    channel: text('channel', { enum: paymentChannels }),
    reference: text('reference'),
    /** The business date it belongs to. */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('loan_transactions_loan').on(table.loanId, table.id),
    // A refund and a payment of the same channel may share a reference: each posts once.
    uniqueIndex('loan_transactions_kind_channel_reference').on(
      table.kind,
      table.channel,
      table.reference,
    ),
    uniqueIndex('loan_transactions_daily')
      .on(table.loanId, table.kind, table.businessDate)
      .where(oneOf(table.kind, dailyKinds)),
    check('loan_transactions_kind', oneOf(table.kind, loanTransactionKinds)),
    check('loan_transactions_amount', sql`${table.amountTetri} >= 0`),
    check(
      'loan_transactions_allocation',
      sql`${table.kind} not in ('payment', 'advance_release') or (${table.penaltyTetri} + ${table.interestTetri} + ${table.principalTetri} + ${table.feeTetri} + ${table.creditTetri} = ${table.amountTetri} and least(${table.penaltyTetri}, ${table.principalTetri}, ${table.feeTetri}, ${table.creditTetri}) >= 0 and (${table.kind} = 'advance_release' or ${table.interestTetri} >= 0))`,
    ),
    // A correction moving an advance of interest no longer to be earned out of interest.
    check(
      'loan_transactions_advance_release',
      sql`${table.kind} <> 'advance_release' or (${table.amountTetri} = 0 and ${table.interestTetri} <= 0)`,
    ),
    // A refund pays back `amount` of the credit: all of it is drawn from the credit.
    check(
      'loan_transactions_refund',
      sql`${table.kind} <> 'refund' or (${table.amountTetri} > 0 and ${table.creditTetri} = ${table.amountTetri} and ${table.penaltyTetri} = 0 and ${table.interestTetri} = 0 and ${table.principalTetri} = 0 and ${table.feeTetri} = 0 and ${table.channel} is not null and ${table.reference} is not null)`,
    ),
    check(
      'loan_transactions_payment_reference',
      sql`${table.kind} <> 'payment' or (${table.channel} is not null and ${table.reference} is not null)`,
    ),
  ],
);

/**
 * A loan's running account, one row from its payout: what the ledger adds up to, kept in the
 * same transaction as each ledger row under the loan's row lock (decision 023), so close of day
 * reads it set-based and a payment reads one row.
 */
export const loanAccounts = pgTable(
  'loan_accounts',
  {
    loanId: integer('loan_id')
      .primaryKey()
      .references(() => loanApplications.id),
    /** The payout's business day: the first interest period starts on it. */
    paidOutOn: date('paid_out_on', { mode: 'string' }).notNull(),
    /** The principal paid out, as the schedule has it. */
    principalTetri: integer('principal_tetri').notNull(),
    /** Principal paid to the instalments in their order (payments). */
    principalPaidTetri: integer('principal_paid_tetri').notNull().default(0),
    /** Principal prepaid, taken from the last instalments (the term shortens). */
    principalPrepaidTetri: integer('principal_prepaid_tetri').notNull().default(0),
    /** Interest accrued in the period running, not yet due. */
    interestAccruedTetri: integer('interest_accrued_tetri').notNull().default(0),
    /** Interest paid in advance with an instalment paid early: days' interest is taken from it. */
    interestPrepaidTetri: integer('interest_prepaid_tetri').notNull().default(0),
    /** Unpaid interest of the period whose due date is the business date. */
    interestDueTetri: integer('interest_due_tetri').notNull().default(0),
    /** Unpaid interest of periods whose due date has passed. */
    interestOverdueTetri: integer('interest_overdue_tetri').notNull().default(0),
    /** Penalties charged and not paid. */
    penaltyDueTetri: integer('penalty_due_tetri').notNull().default(0),
    /** Every late cost ever charged: never above 1.5 times the principal outstanding. */
    lateCostsTetri: integer('late_costs_tetri').notNull().default(0),
    /** Paid beyond everything owed: the customer's, refundable. */
    creditTetri: integer('credit_tetri').notNull().default(0),
    /** The version of `loan_instalments` the account follows. */
    scheduleVersion: integer('schedule_version').notNull().default(1),
    /** The last day close of day accrued (the payout day's eve at first). */
    accruedThrough: date('accrued_through', { mode: 'string' }).notNull(),
  },
  (table) => [
    check(
      'loan_accounts_not_negative',
      sql`least(${table.principalPaidTetri}, ${table.principalPrepaidTetri}, ${table.interestAccruedTetri}, ${table.interestPrepaidTetri}, ${table.interestDueTetri}, ${table.interestOverdueTetri}, ${table.penaltyDueTetri}, ${table.lateCostsTetri}, ${table.creditTetri}) >= 0`,
    ),
    check(
      'loan_accounts_principal',
      sql`${table.principalPaidTetri} + ${table.principalPrepaidTetri} <= ${table.principalTetri}`,
    ),
  ],
);

/**
 * The core system's payment and refund reports (`POST /api/loans/{id}/payments`, `…/refunds`)
 * by their `Idempotency-Key`, with their request's SHA-256: the same key with another request
 * is refused.
 */
export const corePaymentReports = pgTable('core_payment_reports', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  requestSha256: text('request_sha256').notNull(),
  transactionId: integer('transaction_id')
    .notNull()
    .references(() => loanTransactions.id),
  createdAt: createdAt(),
});
