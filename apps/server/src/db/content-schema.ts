/* The texts shown: consent wordings (every version kept) and the pages' content and images. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { contentKeys, locales } from '@sesxi/contract';
import { createdAt, id, oneOf, timestamptz } from './columns.ts';
import { users } from './accounts-schema.ts';

export const consentKinds = ['privacy_policy', 'sda_information', 'credit_information'] as const;
export type ConsentKind = (typeof consentKinds)[number];

/**
 * The wordings kept with every version: the consents', and `contract_terms`, the contract's
 * general terms (each contract document names the version it holds; nobody consents to it).
 */
export const wordingKinds = [...consentKinds, 'contract_terms'] as const;
export type WordingKind = (typeof wordingKinds)[number];

/**
 * Every wording of every consent ever shown. Rows are never changed (a trigger in the migration
 * refuses UPDATE, DELETE and TRUNCATE): a new wording is a new version, so a recorded consent
 * can always point at the exact text the customer agreed to.
 */
export const consentTexts = pgTable(
  'consent_texts',
  {
    id: id(),
    kind: text('kind', { enum: wordingKinds }).notNull(),
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
    /** The version whose text this one published again (a restore); null for a new text. */
    restoredFrom: integer('restored_from'),
    createdAt: createdAt(),
  },
  (table) => [
    unique('consent_texts_kind_locale_version').on(table.kind, table.locale, table.version),
    check('consent_texts_kind', oneOf(table.kind, wordingKinds)),
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
    /** The version whose text this one published again (a restore); null for a new text. */
    restoredFrom: integer('restored_from'),
    createdAt: createdAt(),
  },
  (table) => [
    unique('content_versions_key_locale_version').on(table.key, table.locale, table.version),
    check('content_versions_key', oneOf(table.key, pageContentKeys)),
    check('content_versions_locale', oneOf(table.locale, locales)),
  ],
);

/**
 * A content editor's unpublished text of a page or a consent wording, one per editor, key and
 * language, saved as they type (sanitised as a publish would be). A publish by that editor
 * removes it; so does discarding it.
 */
export const contentDrafts = pgTable(
  'content_drafts',
  {
    id: id(),
    key: text('key', { enum: contentKeys }).notNull(),
    locale: text('locale', { enum: locales }).notNull(),
    editorId: integer('editor_id')
      .notNull()
      .references(() => users.id),
    /** The published version the editor started from. */
    baseVersion: integer('base_version').notNull(),
    html: text('html').notNull(),
    savedAt: timestamptz('saved_at').notNull(),
  },
  (table) => [
    unique('content_drafts_editor_key_locale').on(table.editorId, table.key, table.locale),
    check('content_drafts_key', oneOf(table.key, contentKeys)),
    check('content_drafts_locale', oneOf(table.locale, locales)),
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
