import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accessLogActions, locales, staffRoles, type StaffRole } from '@sesxi/contract';
import { money, oneOf, someOf, timestamptz } from './columns.ts';

const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/**
 * A lookup list the forms offer (document types, cities, …): a stable `code` that the seed
 * and the code refer to, the Georgian name, the English name and the order to show them in.
 */
function lookupTable<Name extends string>(name: Name) {
  return pgTable(name, {
    id: id(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  });
}

export const documentTypes = lookupTable('document_types');
export const cities = lookupTable('cities');
export const activitySpheres = lookupTable('activity_spheres');
export const loanPurposes = lookupTable('loan_purposes');
export const loanStatuses = lookupTable('loan_statuses');
/** Why an application was rejected: the customer reads `name` (or `name_en`). */
export const rejectionReasons = lookupTable('rejection_reasons');

export const branches = pgTable(
  'branches',
  {
    id: id(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    uniqueIndex('branches_one_main')
      .on(table.isMain)
      .where(sql`${table.isMain}`),
  ],
);

/** Opening hours: days `start_day`…`end_day` (ISO weekdays, 1 = Monday) from `start_time` to `end_time`. */
export const branchSchedules = pgTable(
  'branch_schedules',
  {
    id: id(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    startDay: integer('start_day').notNull(),
    endDay: integer('end_day').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
  },
  (table) => [
    index('branch_schedules_branch').on(table.branchId),
    check(
      'branch_schedules_days',
      sql`${table.startDay} between 1 and 7 and ${table.endDay} between ${table.startDay} and 7`,
    ),
    check('branch_schedules_hours', sql`${table.startTime} < ${table.endTime}`),
  ],
);

/** The lender's contact details: exactly one row. */
export const contactSettings = pgTable(
  'contact_settings',
  {
    id: integer('id').primaryKey().default(1),
    hotline: text('hotline').notNull(),
    email: text('email').notNull(),
    facebook: text('facebook').notNull(),
    youtube: text('youtube').notNull(),
    linkedin: text('linkedin').notNull(),
  },
  (table) => [check('contact_settings_single_row', sql`${table.id} = 1`)],
);

export const consentKinds = ['privacy_policy', 'sda_information', 'credit_information'] as const;
export type ConsentKind = (typeof consentKinds)[number];

/**
 * Every wording of every consent ever shown. Rows are never changed (a trigger in the migration
 * refuses UPDATE, DELETE and TRUNCATE): a new wording is a new version, so a recorded consent
 * can always point at the exact text the customer agreed to.
 */
export const consentTexts = pgTable(
  'consent_texts',
  {
    id: id(),
    kind: text('kind', { enum: consentKinds }).notNull(),
    /** Versions count per kind and language; consents are recorded against the Georgian one. */
    locale: text('locale', { enum: locales }).notNull().default('ka'),
    version: integer('version').notNull(),
    /** The wording as plain text, paragraphs separated by newlines (what the consent APIs send). */
    body: text('body').notNull(),
    /** The sanitised HTML a content editor published; null for a wording seeded as text. */
    html: text('html'),
    /**
     * SHA-256 of `body` by consentTextSha256's rule, for seeded and published wordings alike (a
     * check constraint in the migration holds every row to it).
     */
    sha256: text('sha256').notNull(),
    /** The content editor who published it; null for the seed's. */
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    unique('consent_texts_kind_locale_version').on(table.kind, table.locale, table.version),
    check('consent_texts_kind', oneOf(table.kind, consentKinds)),
    check('consent_texts_locale', oneOf(table.locale, locales)),
  ],
);

export const pageContentKeys = ['home', 'claims', 'faq'] as const;
export type PageContentKey = (typeof pageContentKeys)[number];

/**
 * Every published version of a page's text (the content module; consent wordings live in
 * `consent_texts`). Rows are never changed: a publish adds the next version.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: id(),
    key: text('key', { enum: pageContentKeys }).notNull(),
    locale: text('locale', { enum: locales }).notNull(),
    version: integer('version').notNull(),
    /** Sanitised on the way in: what visitors get. */
    html: text('html').notNull(),
    /** The content editor who published it; null for the seed's. */
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    unique('content_versions_key_locale_version').on(table.key, table.locale, table.version),
    check('content_versions_key', oneOf(table.key, pageContentKeys)),
    check('content_versions_locale', oneOf(table.locale, locales)),
  ],
);

/**
 * Images uploaded for content, the file under `content-images/<id>` in the file storage. An
 * image is published once a published version shows it (`published_at`, set in the publish's
 * transaction; versions are never removed, so it stays published): from then on anyone may
 * get it. Until then only content editors may, and a day after its upload housekeeping
 * removes it, file and row.
 */
export const contentImages = pgTable(
  'content_images',
  {
    id: uuid('id').primaryKey(),
    /** The content editor who uploaded it; null for images older than this table. */
    uploadedBy: integer('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
    publishedAt: timestamptz('published_at'),
  },
  (table) => [
    index('content_images_unpublished')
      .on(table.createdAt)
      .where(sql`${table.publishedAt} is null`),
  ],
);

/** Sandbox mode: the texts the product would have sent by SMS (sandbox.md). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sms_outbox_phone_created').on(table.phone, table.createdAt.desc())],
);

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

export const codePurposes = ['registration', 'restore_password'] as const;
export type CodePurpose = (typeof codePurposes)[number];

/**
 * The one live texted code per phone and purpose: a new code replaces the row. The code is
 * kept as an HMAC under a server secret, never in clear.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: id(),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: codePurposes }).notNull(),
    codeHash: text('code_hash').notNull(),
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

/**
 * Sandbox mode: the document checks the in-process Identomat stand-in has begun, with the
 * person it expects to show a document, and when that person finished at
 * `/dev-identomat/{session_token}` (sandbox.md). Empty in production.
 */
export const sandboxIdentomatSessions = pgTable('sandbox_identomat_sessions', {
  sessionToken: text('session_token').primaryKey(),
  personalNumber: text('personal_number').notNull(),
  name: text('name').notNull(),
  surname: text('surname').notNull(),
  documentType: text('document_type').notNull(),
  documentNumber: text('document_number').notNull(),
  createdAt: createdAt(),
  completedAt: timestamptz('completed_at'),
});
/**
 * The sandbox identity provider's state (oidc-provider's models: interactions, sessions,
 * codes, tokens, and who signed in), shared by every instance as a real provider's would be.
 */
export const sandboxOidcEntries = pgTable(
  'sandbox_oidc_entries',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    uid: text('uid'),
    grantId: text('grant_id'),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('sandbox_oidc_entries_uid').on(table.model, table.uid),
    index('sandbox_oidc_entries_grant').on(table.grantId),
  ],
);

/**
 * The sandbox's secrets, made once by whichever instance starts first: the client secret the
 * app and its provider share, the provider's cookie key and its signing key.
 */
export const sandboxSecrets = pgTable('sandbox_secrets', {
  id: integer('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  cookieKey: text('cookie_key').notNull(),
  signingKey: jsonb('signing_key').notNull(),
});
