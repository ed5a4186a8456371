/* Signing a contract with a code and withdrawing from it (decision 022): the evidence kept. */
import { withdrawalStates } from '@sesxi/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, money, oneOf, timestamptz } from './columns.ts';
import { customerDocuments } from './contracts-schema.ts';
import { users } from './core-schema.ts';
import { consents, loanApplications } from './loans-schema.ts';

/**
 * The evidence of every signature (domain-notes.md): the exact document signed and its SHA-256,
 * the code that signed it, the phone it was texted to, the personal number single sign-on
 * vouched for, the address, the browser and the time. Append-only (a trigger in the migration
 * refuses UPDATE, DELETE and TRUNCATE): evidence never changes.
 */
export const contractSignatures = pgTable(
  'contract_signatures',
  {
    id: id(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loanApplications.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The document signed, and its SHA-256 as it was checked on the stored bytes. */
    documentId: integer('document_id')
      .notNull()
      .references(() => customerDocuments.id),
    documentSha256: text('document_sha256').notNull(),
    /** The same bytes followed by the certificate page. */
    signedDocumentId: integer('signed_document_id')
      .notNull()
      .unique('contract_signatures_signed_document_unique')
      .references(() => customerDocuments.id),
    /**
     * The phone code's row and when that code was texted: a later code of the phone reuses the
     * row, so the time tells which code it was. No foreign key: the row is replaced.
     */
    codeId: integer('code_id').notNull(),
    codeSentAt: timestamptz('code_sent_at').notNull(),
    phone: text('phone').notNull(),
    personalNumber: text('personal_number').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    /** The agreement to conclude contracts electronically, when this signature recorded it. */
    eContractConsentId: integer('e_contract_consent_id').references(() => consents.id),
    /** The business date signed on: the 14-day withdrawal counts from it. */
    signedOn: date('signed_on', { mode: 'string' }).notNull(),
    signedAt: timestamptz('signed_at').notNull(),
  },
  (table) => [
    index('contract_signatures_loan').on(table.loanId, table.signedAt),
    check('contract_signatures_sha256', sql`${table.documentSha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * A withdrawal from a signed contract, one a loan: before the payout nothing is owed; after it
 * the principal paid out and the interest of the days used, by `due_date` (the lender's fees
 * waived). Confirmed with a code like a signature, whose evidence it keeps.
 */
export const contractWithdrawals = pgTable(
  'contract_withdrawals',
  {
    loanId: integer('loan_id')
      .primaryKey()
      .references(() => loanApplications.id),
    state: text('state', { enum: withdrawalStates }).notNull(),
    /** What the payout sent: 0 when nothing was paid out. */
    principal: money('principal').notNull(),
    interest: money('interest').notNull(),
    amountDue: money('amount_due').notNull(),
    /** The days from the payout to the withdrawal the interest is charged for. */
    daysUsed: integer('days_used').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    codeId: integer('code_id').notNull(),
    codeSentAt: timestamptz('code_sent_at').notNull(),
    phone: text('phone').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    /** The business date withdrawn on. */
    withdrawnOn: date('withdrawn_on', { mode: 'string' }).notNull(),
    withdrawnAt: timestamptz('withdrawn_at').notNull(),
  },
  (table) => [
    check('contract_withdrawals_state', oneOf(table.state, withdrawalStates)),
    check(
      'contract_withdrawals_amounts',
      sql`${table.amountDue} = ${table.principal} + ${table.interest} and ${table.interest} >= 0`,
    ),
  ],
);
