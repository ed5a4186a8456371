/* From approval to money (decision 022): the offer's contract and the customer's documents. */
import { contractStatuses, documentKinds } from '@sesxi/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, timestamptz } from './columns.ts';
import { users } from './core-schema.ts';
import { loanApplications } from './loans-schema.ts';

/**
 * The contract of an approved application, one a loan: made when the approval becomes final
 * (the binding offer), valid through `valid_until` (a business date). `payment_day` and `iban`
 * are the customer's choices; `current_document_id` is the document they would sign now, and
 * `signed_document_id` the signed one (with its certificate page) once signed.
 */
export const loanContracts = pgTable(
  'loan_contracts',
  {
    loanId: integer('loan_id')
      .primaryKey()
      .references(() => loanApplications.id, { onDelete: 'cascade' }),
    number: text('number').notNull().unique('loan_contracts_number_unique'),
    status: text('status', { enum: contractStatuses }).notNull(),
    offeredOn: date('offered_on', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    paymentDay: integer('payment_day').notNull(),
    iban: text('iban'),
    currentDocumentId: integer('current_document_id').references(() => customerDocuments.id),
    signedDocumentId: integer('signed_document_id').references(() => customerDocuments.id),
    signedAt: timestamptz('signed_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('loan_contracts_status', oneOf(table.status, contractStatuses)),
    check('loan_contracts_payment_day', sql`${table.paymentDay} between 1 and 28`),
    index('loan_contracts_offered_valid_until')
      .on(table.validUntil)
      .where(sql`${table.status} = 'offered'`),
  ],
);

/**
 * Every document made for a customer (key-terms sheets, contracts, signed contracts,
 * schedules, decision letters, consents, receipts, closure letters): a file in the storage
 * whose SHA-256 of exactly the stored bytes is kept. Rows are only added; a document a later
 * one replaced gets `superseded_at`, nothing else changes.
 */
export const customerDocuments = pgTable(
  'customer_documents',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    loanId: integer('loan_id').references(() => loanApplications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: documentKinds }).notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    /** What the document was made from (terms, choices), for its title and the officer's view. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    supersededAt: timestamptz('superseded_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('customer_documents_user_created').on(table.userId, table.createdAt.desc()),
    index('customer_documents_loan').on(table.loanId),
    check('customer_documents_kind', oneOf(table.kind, documentKinds)),
    check('customer_documents_sha256', sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
