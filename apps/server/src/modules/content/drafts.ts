import { formatTimestamp, type ContentDraft, type ContentKey, type Locale } from '@sesxi/contract';
import type { ServiceContext } from '#app/service-context.ts';
import { createContentRepository } from './repository.ts';
import { sanitiseContent } from './sanitise.ts';
import { knownKey } from './service.ts';

function draftOf(
  key: ContentKey,
  locale: Locale,
  row: { baseVersion: number; html: string; savedAt: Date },
): ContentDraft {
  return {
    key,
    locale,
    base_version: row.baseVersion,
    html: row.html,
    saved_at: formatTimestamp(row.savedAt),
  };
}

/**
 * A content editor's drafts: one per text and language, their own (no editor reads another's),
 * sanitised on the way in as a publish is. A publish removes the publisher's (service.ts).
 */
export function createDraftService({ db, clock }: ServiceContext) {
  const repository = createContentRepository(db);
  return {
    async show(rawKey: string, locale: Locale, editorId: number): Promise<ContentDraft | null> {
      const key = knownKey(rawKey);
      const row = await repository.draft({ key, locale, editorId });
      return row ? draftOf(key, locale, row) : null;
    },

    async save(
      rawKey: string,
      locale: Locale,
      { base_version, html }: { base_version: number; html: string },
      editorId: number,
    ): Promise<ContentDraft> {
      const key = knownKey(rawKey);
      const draft = {
        baseVersion: base_version,
        html: sanitiseContent(html),
        savedAt: clock.now(),
      };
      await repository.saveDraft({ key, locale, editorId }, draft);
      return draftOf(key, locale, draft);
    },

    async discard(rawKey: string, locale: Locale, editorId: number): Promise<void> {
      await repository.deleteDraft({ key: knownKey(rawKey), locale, editorId });
    },
  };
}
