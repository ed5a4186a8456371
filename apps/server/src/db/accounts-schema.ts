/* Accounts and signing in: users, sessions, one-time codes, rate counters, single sign-on. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { staffRoles, type StaffRole } from '@sesxi/contract';
import { createdAt, id, oneOf, someOf, timestamptz } from './columns.ts';
import { documentTypes } from './reference-schema.ts';

/**
 * Customers and staff. A customer's identity (name, surname, identity number) comes from
 * single sign-on and the phone from a confirmed code; staff are made by a command with the
 * personal number they sign in with (service accounts have none) and carry no identity
 * document. A staff member who is also a customer has one account with both.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    identityNumber: text('identity_number').unique('users_identity_number_unique'),
    documentTypeId: integer('document_type_id').references(() => documentTypes.id),
    documentNumber: text('document_number'),
    phone: text('phone').notNull().unique('users_phone_unique'),
    passwordHash: text('password_hash').notNull(),
    phoneVerifiedAt: timestamptz('phone_verified_at'),
    isSdaVerified: boolean('is_sda_verified').notNull().default(false),
    isIdentomatVerified: boolean('is_identomat_verified').notNull().default(false),
    /** A staff account's roles (contract's `staffRoles`); a customer has none. */
    roles: text('roles')
      .array()
      .$type<StaffRole[]>()
      .notNull()
      .default(sql`'{}'`),
    /** A lender's system that calls the API with a long-lived token; it never signs in. */
    isMachine: boolean('is_machine').notNull().default(false),
    /** Any role makes a staff account: never listed, searched or gated as a customer. */
    isStaff: boolean('is_staff')
      .notNull()
      .generatedAlwaysAs(sql`cardinality(roles) > 0`),
    /** Set while the account may not sign in; its sessions ended when it was set. */
    disabledAt: timestamptz('disabled_at'),
    /** A temporary password (a new staff account's): the session serves only its change. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Made by the sandbox seed with a published password: refused in production mode. */
    isSandbox: boolean('is_sandbox').notNull().default(false),
    lastSignedInAt: timestamptz('last_signed_in_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /**
     * What support search matches: one trigram-indexed text, so a search is one index scan.
     * Lower-cased here, so that searches use LIKE on lower-cased terms: ILIKE lower-cases
     * every row it checks, three times the cost on Georgian text.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(name || ' ' || surname || ' ' || coalesce(identity_number, '') || ' ' || coalesce(document_number, '') || ' ' || phone)`,
      ),
  },
  (table) => [
    index('users_search_text_trgm').using('gin', table.searchText.op('gin_trgm_ops')),
    check('users_phone_format', sql`${table.phone} ~ '^5[0-9]{8}$'`),
    check('users_roles', someOf(table.roles, staffRoles)),
    check(
      'users_customer_identity',
      sql`${table.isStaff} or (${table.identityNumber} is not null and ${table.documentTypeId} is not null and ${table.documentNumber} is not null and ${table.phoneVerifiedAt} is not null)`,
    ),
  ],
);

/**
 * Signed-in sessions. Only the SHA-256 of the bearer token is stored; a session ends after 30
 * minutes without use, 12 hours after it began, or when revoked.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique('sessions_token_hash_unique'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    lastUsedAt: timestamptz('last_used_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    /** A service account's token: no idle or absolute end, valid until revoked. */
    longLived: boolean('long_lived').notNull().default(false),
  },
  (table) => [index('sessions_user').on(table.userId)],
);

/**
 * What a texted code is for: confirming a phone (registration, a password restore), or, bound
 * to what it was sent for, signing a contract or withdrawing from one (decision 022).
 */
export const codePurposes = [
  'registration',
  'restore_password',
  'contract_signing',
  'withdrawal',
] as const;
export type CodePurpose = (typeof codePurposes)[number];

/**
 * The one live texted code per phone and purpose: a new code replaces the row. The code is
 * kept as an HMAC under a server secret, never in clear; a bound code's HMAC covers its
 * `subject` too.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: id(),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: codePurposes }).notNull(),
    codeHash: text('code_hash').notNull(),
    /**
     * What a bound code was sent for (an application and, for a signature, its document's
     * SHA-256); null for a code that confirms the phone.
     */
    subject: text('subject'),
    sentIp: text('sent_ip').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    confirmedAt: timestamptz('confirmed_at'),
    consumedAt: timestamptz('consumed_at'),
  },
  (table) => [
    unique('phone_codes_phone_purpose').on(table.phone, table.purpose),
    check('phone_codes_purpose', oneOf(table.purpose, codePurposes)),
  ],
);

/**
 * Fixed-window counters shared by every instance: SMS caps, login throttling, daily code
 * guesses. `key` names what is counted (e.g. `login:phone:599123456`).
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamptz('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index('rate_counters_window_start').on(table.windowStart),
  ],
);

export const ssoContexts = ['registration', 'loan', 'other'] as const;

/**
 * One sign-in at the identity provider, from `POST /api/sso/initiate` to its use. The browser
 * holds the random token, the table its SHA-256; the PKCE verifier, state and nonce never
 * leave the server. The identity is filled in when the provider's answer is verified.
 */
export const ssoTransactions = pgTable(
  'sso_transactions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique('sso_transactions_token_hash_unique'),
    context: text('context', { enum: ssoContexts }).notNull(),
    loanId: integer('loan_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    completedAt: timestamptz('completed_at'),
    givenName: text('given_name'),
    familyName: text('family_name'),
    personalNumber: text('personal_number'),
    consumedAt: timestamptz('consumed_at'),
  },
  (table) => [
    index('sso_transactions_expires_at').on(table.expiresAt),
    check('sso_transactions_context', oneOf(table.context, ssoContexts)),
  ],
);
