import {
  consentContentKinds,
  contentKeys,
  type ContentBlock,
  type ContentKey,
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

function knownKey(key: string): ContentKey {
  if (!isContentKey(key)) throw httpError(404, 'errors.notFound');
  return key;
}

/** Who publishes, from where. */
export interface Editor {
  userId: number;
  ip: string;
}

/** The content module's rules: the current version of a text, and publishing a new one. */
export function createContentService({ db, clock, log }: ServiceContext) {
  return {
    /** The current version of `key` in `locale`, as visitors get it. */
    async current(rawKey: string, locale: Locale): Promise<ContentBlock> {
      const key = knownKey(rawKey);
      const repository = createContentRepository(db);
      if (isConsentKey(key)) {
        const wording = await repository.latestWording(consentContentKinds[key], locale);
        if (!wording) throw httpError(404, 'errors.notFound');
        return {
          key,
          locale,
          version: wording.version,
          html: wording.html ?? textToHtml(wording.body),
        };
      }
      const page = await repository.latestPage(key, locale);
      if (!page) throw httpError(404, 'errors.notFound');
      return { key, locale, version: page.version, html: page.html };
    },

    /**
     * Publishes `html`, sanitised, as the next version of `key` in `locale`, publishes the
     * images it shows, and writes the publish with its author to the access log, together. A
     * consent wording becomes the wording customers agree to from now on; consents given
     * before keep theirs. An image no longer there (never uploaded, or removed unpublished
     * after a day) refuses the publish.
     */
    async publish(
      rawKey: string,
      { locale, html }: { locale: Locale; html: string },
      editor: Editor,
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
              })
            : await repository.insertPage(key, locale, clean, editor.userId);
          await createAccessLogRepository(tx).append({
            actorUserId: editor.userId,
            subjectUserIds: [],
            action: 'content.publish',
            details: { key, locale, version: published },
            ip: editor.ip,
            at: now,
          });
          return published;
        });
        log.info(
          { event: 'content_published', userId: editor.userId, key, locale, version },
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
