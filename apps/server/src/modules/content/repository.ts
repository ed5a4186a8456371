import type { ContentKey, Locale } from '@sesxi/contract';
import { and, desc, eq, inArray, isNull, lt, max, notExists, sql } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import {
  consentTexts,
  contentDrafts,
  contentImages,
  contentVersions,
  users,
  type WordingKind,
  type PageContentKey,
} from '#app/db/schema.ts';

/** Which text's draft, whose. */
export interface DraftOf {
  key: ContentKey;
  locale: Locale;
  editorId: number;
}

function draftIs({ key, locale, editorId }: DraftOf) {
  return and(
    eq(contentDrafts.editorId, editorId),
    eq(contentDrafts.key, key),
    eq(contentDrafts.locale, locale),
  );
}

const draftColumns = {
  baseVersion: contentDrafts.baseVersion,
  html: contentDrafts.html,
  savedAt: contentDrafts.savedAt,
};

/**
 * Versions of the texts: pages in `content_versions`, consent wordings in the consent ledger's
 * own `consent_texts` (so a recorded consent keeps pointing at the wording agreed). Rows are
 * only ever added; a publish takes the next version number of its key and language.
 */
export function createContentRepository(db: Database) {
  return {
    async latestPage(key: PageContentKey, locale: Locale) {
      const [row] = await db
        .select({ version: contentVersions.version, html: contentVersions.html })
        .from(contentVersions)
        .where(and(eq(contentVersions.key, key), eq(contentVersions.locale, locale)))
        .orderBy(desc(contentVersions.version))
        .limit(1);
      return row;
    },

    /** The newest version number of each of `keys` in `locale`, by key. */
    async latestPageVersions(keys: readonly PageContentKey[], locale: Locale) {
      const rows = await db
        .select({ key: contentVersions.key, version: max(contentVersions.version) })
        .from(contentVersions)
        .where(and(inArray(contentVersions.key, [...keys]), eq(contentVersions.locale, locale)))
        .groupBy(contentVersions.key)
        .orderBy(contentVersions.key);
      return rows.flatMap(({ key, version }) => (version === null ? [] : [{ key, version }]));
    },

    async pageAt(key: PageContentKey, locale: Locale, version: number) {
      const [row] = await db
        .select({ version: contentVersions.version, html: contentVersions.html })
        .from(contentVersions)
        .where(
          and(
            eq(contentVersions.key, key),
            eq(contentVersions.locale, locale),
            eq(contentVersions.version, version),
          ),
        );
      return row;
    },

    /** Adds version 1 of a page unless the page has a version in `locale`. */
    async seedPage(key: PageContentKey, locale: Locale, html: string): Promise<void> {
      await db.execute(sql`
        insert into ${contentVersions} (key, locale, version, html)
        select ${key}, ${locale}, 1, ${html}
        where not exists (
          select 1 from ${contentVersions} where key = ${key} and locale = ${locale}
        )`);
    },

    async insertPage(page: {
      key: PageContentKey;
      locale: Locale;
      html: string;
      createdBy: number;
      restoredFrom: number | null;
    }): Promise<number> {
      const nextVersion = sql<number>`(select coalesce(max(version), 0) + 1 from ${contentVersions} where key = ${page.key} and locale = ${page.locale})`;
      const [row] = await db
        .insert(contentVersions)
        .values({ ...page, version: nextVersion })
        .returning({ version: contentVersions.version });
      if (!row) throw new Error('inserting a content version returned no row');
      return row.version;
    },

    /** Every version of a page, newest first, with the name of the staff member who published it. */
    pageVersions(key: PageContentKey, locale: Locale) {
      return db
        .select({
          version: contentVersions.version,
          createdAt: contentVersions.createdAt,
          restoredFrom: contentVersions.restoredFrom,
          editorName: users.name,
          editorSurname: users.surname,
        })
        .from(contentVersions)
        .leftJoin(users, eq(users.id, contentVersions.createdBy))
        .where(and(eq(contentVersions.key, key), eq(contentVersions.locale, locale)))
        .orderBy(desc(contentVersions.version));
    },

    /** Every version of a consent wording, newest first, as pageVersions has a page's. */
    wordingVersions(kind: WordingKind, locale: Locale) {
      return db
        .select({
          version: consentTexts.version,
          createdAt: consentTexts.createdAt,
          restoredFrom: consentTexts.restoredFrom,
          editorName: users.name,
          editorSurname: users.surname,
        })
        .from(consentTexts)
        .leftJoin(users, eq(users.id, consentTexts.createdBy))
        .where(and(eq(consentTexts.kind, kind), eq(consentTexts.locale, locale)))
        .orderBy(desc(consentTexts.version));
    },

    async wordingAt(kind: WordingKind, locale: Locale, version: number) {
      const [row] = await db
        .select({ version: consentTexts.version, body: consentTexts.body, html: consentTexts.html })
        .from(consentTexts)
        .where(
          and(
            eq(consentTexts.kind, kind),
            eq(consentTexts.locale, locale),
            eq(consentTexts.version, version),
          ),
        );
      return row;
    },

    async latestWording(kind: WordingKind, locale: Locale) {
      const [row] = await db
        .select({ version: consentTexts.version, body: consentTexts.body, html: consentTexts.html })
        .from(consentTexts)
        .where(and(eq(consentTexts.kind, kind), eq(consentTexts.locale, locale)))
        .orderBy(desc(consentTexts.version))
        .limit(1);
      return row;
    },

    async insertWording(wording: {
      kind: WordingKind;
      locale: Locale;
      body: string;
      html: string;
      sha256: string;
      createdBy: number;
      restoredFrom: number | null;
    }): Promise<number> {
      const nextVersion = sql<number>`(select coalesce(max(version), 0) + 1 from ${consentTexts} where kind = ${wording.kind} and locale = ${wording.locale})`;
      const [row] = await db
        .insert(consentTexts)
        .values({ ...wording, version: nextVersion })
        .returning({ version: consentTexts.version });
      if (!row) throw new Error('inserting a consent wording returned no row');
      return row.version;
    },

    async draft(of: DraftOf) {
      const [row] = await db.select(draftColumns).from(contentDrafts).where(draftIs(of));
      return row;
    },

    /** Keeps `draft` as the editor's one draft of the text, replacing the one before. */
    async saveDraft(
      of: DraftOf,
      draft: { baseVersion: number; html: string; savedAt: Date },
    ): Promise<void> {
      await db
        .insert(contentDrafts)
        .values({ ...of, ...draft })
        .onConflictDoUpdate({
          target: [contentDrafts.editorId, contentDrafts.key, contentDrafts.locale],
          set: draft,
        });
    },

    async deleteDraft(of: DraftOf): Promise<void> {
      await db.delete(contentDrafts).where(draftIs(of));
    },

    async insertImage(image: { id: string; uploadedBy: number; createdAt: Date }): Promise<void> {
      await db.insert(contentImages).values(image);
    },

    /** Whether the image is published; undefined for an image there is no row of. */
    async imageOf(id: string) {
      const [row] = await db
        .select({ publishedAt: contentImages.publishedAt })
        .from(contentImages)
        .where(eq(contentImages.id, id));
      return row && { published: row.publishedAt !== null };
    },

    /**
     * Marks the images a version being published shows as published (those published before
     * keep their time), locking their rows until the publish commits; answers the ids there
     * are rows of.
     */
    async publishImages(ids: string[], at: Date): Promise<string[]> {
      const rows = await db
        .update(contentImages)
        .set({ publishedAt: sql`coalesce(${contentImages.publishedAt}, ${at})` })
        .where(inArray(contentImages.id, ids))
        .returning({ id: contentImages.id });
      return rows.map((row) => row.id);
    },

    /**
     * Up to `limit` images no version and no draft shows that were uploaded before `before`,
     * locked (a publish showing one waits, and then finds it gone); rows another transaction
     * holds (a publish underway) are skipped.
     */
    async lockOrphanImages(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: contentImages.id })
        .from(contentImages)
        .where(
          and(
            isNull(contentImages.publishedAt),
            lt(contentImages.createdAt, before),
            notExists(
              db
                .select({ one: sql`1` })
                .from(contentDrafts)
                .where(sql`strpos(${contentDrafts.html}, ${contentImages.id}::text) > 0`),
            ),
          ),
        )
        .orderBy(contentImages.createdAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return rows.map((row) => row.id);
    },

    async deleteImages(ids: string[]): Promise<void> {
      await db.delete(contentImages).where(inArray(contentImages.id, ids));
    },
  };
}
