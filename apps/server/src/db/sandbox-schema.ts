/* Sandbox mode's own tables (sandbox.md): what the in-process stand-ins keep. Empty in production. */
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns.ts';

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

/**
 * Sandbox mode: the payouts the in-process bank was asked for, by idempotency key, so that a
 * key tried again (by any instance) is counted and a paid one answers its first reference.
 */
export const sandboxPayouts = pgTable('sandbox_payouts', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  attempts: integer('attempts').notNull(),
  bankReference: text('bank_reference'),
  createdAt: createdAt(),
});

/**
 * Sandbox mode: the orders the in-process card-payment gateway made, approved or declined at
 * `/dev-pay/{order_id}` (sandbox.md), where it sends their signed callbacks.
 */
export const sandboxCardOrders = pgTable('sandbox_card_orders', {
  orderId: text('order_id').primaryKey(),
  reference: text('reference').notNull(),
  amountTetri: integer('amount_tetri').notNull(),
  callbackUrl: text('callback_url').notNull(),
  redirectUrl: text('redirect_url').notNull(),
  /** Bank of Georgia's order status keys: `created`, then `completed` or `rejected`. */
  status: text('status', { enum: ['created', 'completed', 'rejected'] }).notNull(),
  createdAt: createdAt(),
});

/**
 * Sandbox mode: the key pair the in-process card-payment gateway signs its callbacks with (PEM),
 * made by the first instance to start, so a callback one signs any other verifies.
 */
export const sandboxCardGatewayKeys = pgTable('sandbox_card_gateway_keys', {
  id: integer('id').primaryKey(),
  privateKey: text('private_key').notNull(),
  publicKey: text('public_key').notNull(),
});
