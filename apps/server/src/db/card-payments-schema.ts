/* Money coming in by card (issue 29): the orders made at the card-payment gateway. */
import { cardPaymentPurposes, cardPaymentStates, prepaymentKeeps } from '@sesxi/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, timestamptz } from './columns.ts';
import { users } from './accounts-schema.ts';
import { loanApplications } from './loans-schema.ts';

/**
 * A card payment the customer began: an order at the gateway for `amountTetri` towards the
 * loan, known to the gateway by `reference` and to us by the gateway's order id. It is posted
 * to the loan at most once, under this row's lock, when the gateway says it was approved
 * (`paid`, with the posted transaction); `declined` orders post nothing, ever.
 */
export const cardPaymentOrders = pgTable(
  'card_payment_orders',
  {
    id: id(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loanApplications.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountTetri: integer('amount_tetri').notNull(),
    purpose: text('purpose', { enum: cardPaymentPurposes }).notNull(),
    /** A prepayment's choice; null for an instalment. */
    keep: text('keep', { enum: prepaymentKeeps }),
    state: text('state', { enum: cardPaymentStates }).notNull(),
    /** What the gateway is told the order is (its `external_order_id`). */
    reference: text('reference').notNull().unique('card_payment_orders_reference_unique'),
    gatewayOrderId: text('gateway_order_id').unique('card_payment_orders_gateway_order_unique'),
    /** The loan's transaction the payment was posted as. */
    transactionId: integer('transaction_id'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('card_payment_orders_loan').on(table.loanId, table.id),
    check('card_payment_orders_state', oneOf(table.state, cardPaymentStates)),
    check('card_payment_orders_purpose', oneOf(table.purpose, cardPaymentPurposes)),
    check(
      'card_payment_orders_keep',
      sql`(${table.purpose} = 'prepayment') = (${table.keep} is not null) and (${table.keep} is null or ${oneOf(table.keep, prepaymentKeeps)})`,
    ),
    check('card_payment_orders_amount_positive', sql`${table.amountTetri} > 0`),
    check(
      'card_payment_orders_paid_with_transaction',
      sql`(${table.state} = 'paid') = (${table.transactionId} is not null)`,
    ),
  ],
);
