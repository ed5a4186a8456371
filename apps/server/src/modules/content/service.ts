import {
  consentContentKinds,
  contentKeys,
  formatTimestamp,
  type ContentBlock,
  type ContentKey,
  type ContentVersionEntry,
  type Locale,
} from '@sesxi/contract';
import { seededPageContent } from '@sesxi/contract/content-seed';
import { consentTextSha256 } from '#app/db/consent-text-hash.ts';
import { violatedUniqueConstraint } from '#app/db/constraint-violation.ts';
import type { Database } from '#app/db/database.ts';
import { pageContentKeys, type PageContentKey } from '#app/db/schema.ts';
import { fieldError, httpError } from '#app/errors.ts';
import { createAccessLogRepository } from '#app/modules/access-log/index.ts';
import type { ServiceContext } from '#app/service-context.ts';
import { contentImageIdsIn } from './images.ts';
import { createContentRepository } from './repository.ts';
import { htmlToText, sanitiseContent, textToHtml } from './sanitise.ts';

type ConsentContentKey = keyof typeof consentContentKinds;

function isContentKey(key: string): key is ContentKey {
  return (contentKeys as readonly string[]).includes(key);
}

function isConsentKey(key: ContentKey): key is ConsentContentKey {
  return key in consentContentKinds;
}

export function knownKey(key: string): ContentKey {
  if (!isContentKey(key)) throw httpError(404, 'errors.notFound');
  return key;
}

function knownVersion(version: string): number {
  if (!/^[1-9]\d{0,8}$/.test(version)) throw httpError(404, 'errors.notFound');
  return Number(version);
}

type ContentRepository = ReturnType<typeof createContentRepository>;

/** The HTML of `key` at `version` (the latest without one); a wording seeded as text as HTML. */
async function htmlOf(
  repository: ContentRepository,
  key: ContentKey,
  locale: Locale,
  version?: number,
): Promise<{ version: number; html: string }> {
  if (isConsentKey(key)) {
    const kind = consentContentKinds[key];
    const wording =
      version === undefined
        ? await repository.latestWording(kind, locale)
        : await repository.wordingAt(kind, locale, version);
    if (!wording) throw httpError(404, 'errors.notFound');
    return { version: wording.version, html: wording.html ?? textToHtml(wording.body) };
  }
  const page =
    version === undefined
      ? await repository.latestPage(key, locale)
      : await repository.pageAt(key, locale, version);
  if (!page) throw httpError(404, 'errors.notFound');
  return { version: page.version, html: page.html };
}

/** Who publishes, from where. */
export interface Editor {
  userId: number;
  ip: string;
}

/**
 * The content module's rules: the current version of a text, its history, publishing a new
 * one and restoring an old one.
 */
export function createContentService({ db, clock, log }: ServiceContext) {
  const service = {
    /** The current version of `key` in `locale`, as visitors get it. */
    async current(rawKey: string, locale: Locale): Promise<ContentBlock> {
      const key = knownKey(rawKey);
      return { key, locale, ...(await htmlOf(createContentRepository(db), key, locale)) };
    },

    /** A published version of `key` in `locale`, for the editor to look at before restoring it. */
    async version(rawKey: string, locale: Locale, rawVersion: string): Promise<ContentBlock> {
      const key = knownKey(rawKey);
      const version = knownVersion(rawVersion);
      return { key, locale, ...(await htmlOf(createContentRepository(db), key, locale, version)) };
    },

    /** Every published version of `key` in `locale`, newest first: when, and by whom. */
    async versions(rawKey: string, locale: Locale): Promise<ContentVersionEntry[]> {
      const key = knownKey(rawKey);
      const repository = createContentRepository(db);
      const rows = isConsentKey(key)
        ? await repository.wordingVersions(consentContentKinds[key], locale)
        : await repository.pageVersions(key, locale);
      return rows.map((row) => ({
        version: row.version,
        created_at: formatTimestamp(row.createdAt),
        editor:
          row.editorName === null || row.editorSurname === null
            ? null
            : { name: row.editorName, surname: row.editorSurname },
        restored_from: row.restoredFrom,
      }));
    },

    /** Publishes the text of an earlier version again, as the next version. */
    async restore(
      rawKey: string,
      locale: Locale,
      rawVersion: string,
      editor: Editor,
    ): Promise<ContentBlock> {
      const { html, version } = await service.version(rawKey, locale, rawVersion);
      return service.publish(rawKey, { locale, html }, editor, version);
    },

    /**
     * Publishes `html`, sanitised, as the next version of `key` in `locale`, publishes the
     * images it shows, removes the editor's draft of it, and writes the publish with its author
     * (and the version it restores, if it does) to the access log, together. A consent wording
     * becomes the wording customers agree to from now on; consents given before keep theirs.
     * An image no longer there (never uploaded, or removed unpublished after a day) refuses the
     * publish.
     */
    async publish(
      rawKey: string,
      { locale, html }: { locale: Locale; html: string },
      editor: Editor,
      restoredFrom: number | null = null,
    ): Promise<ContentBlock> {
      const key = knownKey(rawKey);
      const clean = sanitiseContent(html);
      const text = htmlToText(clean);
      // Only what the sanitiser removed (a script, an empty paragraph): nothing to publish.
      if (text === '' && !/<(img|div data-video)/.test(clean)) {
        throw fieldError('html', 'validation.required');
      }
      const now = clock.now();
      try {
        const version = await db.transaction(async (tx) => {
          const repository = createContentRepository(tx);
          const images = contentImageIdsIn(clean);
          if (images.length > 0) {
            const published = await repository.publishImages(images, now);
            if (published.length < images.length) {
              throw fieldError('html', 'validation.contentImageMissing');
            }
          }
          const published = isConsentKey(key)
            ? await repository.insertWording({
                kind: consentContentKinds[key],
                locale,
                body: text,
                html: clean,
                sha256: consentTextSha256(text),
                createdBy: editor.userId,
                restoredFrom,
              })
            : await repository.insertPage({
                key,
                locale,
                html: clean,
                createdBy: editor.userId,
                restoredFrom,
              });
          await repository.deleteDraft({ key, locale, editorId: editor.userId });
          await createAccessLogRepository(tx).append({
            actorUserId: editor.userId,
            subjectUserIds: [],
            action: 'content.publish',
            details: {
              key,
              locale,
              version: published,
              ...(restoredFrom === null ? {} : { restored_from: restoredFrom }),
            },
            ip: editor.ip,
            at: now,
          });
          return published;
        });
        log.info(
          { event: 'content_published', userId: editor.userId, key, locale, version, restoredFrom },
          'content published',
        );
        return { key, locale, version, html: clean };
      } catch (error) {
        // Two editors published the same text at once: the other one won this version.
        if (violatedUniqueConstraint(error)) throw httpError(409, 'errors.conflict');
        throw error;
      }
    },
  };
  return service;
}

/** The module's seed: version 1 of every page in both languages, where a page has none. */
export async function seedPageContent(db: Database): Promise<void> {
  const repository = createContentRepository(db);
  for (const key of pageContentKeys satisfies readonly PageContentKey[]) {
    for (const [locale, html] of Object.entries(seededPageContent[key]) as [Locale, string][]) {
      await repository.seedPage(key, locale, sanitiseContent(html));
    }
  }
}
