import { contentDraftSave, contentDraftShow, type ContentKey, type Locale } from '@sesxi/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../../shared/api/api-client';

/** How long the editor rests before its text is saved as a draft. */
export const draftDelayMs = 1000;

/** The text the editor holds as kept on the server: published, or saved as a draft. */
export interface Kept {
  /** The published version the text started from. */
  baseVersion: number;
  /** The editor's own serialisation of it, to compare the editor's text with. */
  html: string;
  /** When it was last saved as a draft; null while it is the published text. */
  savedAt: string | null;
}

/** The editor's draft of `contentKey` in `locale` on the server, or null; asked afresh each time. */
export function useDraftQuery(contentKey: ContentKey, locale: Locale) {
  return useQuery({
    queryKey: ['content', 'draft', contentKey, locale],
    queryFn: ({ signal }) =>
      apiRequest(contentDraftShow, { params: { key: contentKey }, query: { locale }, signal }).then(
        (answer) => answer.draft,
      ),
    gcTime: 0,
  });
}

/**
 * Saves the editor's text as a draft once typing rests, for as long as it differs from what is
 * kept; a change still waiting when the editor closes (another text chosen, the page left) is
 * sent on its way. Nothing is saved until a text is kept (`keep`).
 */
export function useDraftSaving(contentKey: ContentKey, locale: Locale, html: string) {
  const [kept, setKept] = useState<Kept | null>(null);
  const save = useMutation({
    mutationFn: (draft: { base_version: number; html: string }) =>
      apiRequest(contentDraftSave, { params: { key: contentKey }, query: { locale }, body: draft }),
    onSuccess: ({ draft }, sent) => {
      setKept((before) => before && { ...before, html: sent.html, savedAt: draft.saved_at });
    },
  });
  const unsaved = kept !== null && html !== kept.html;
  const pending = unsaved ? { base_version: kept.baseVersion, html } : null;

  const { mutate } = save;
  const baseVersion = pending?.base_version;
  const changed = pending?.html;
  useEffect(() => {
    if (baseVersion === undefined || changed === undefined) return;
    const timer = setTimeout(() => {
      mutate({ base_version: baseVersion, html: changed });
    }, draftDelayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [baseVersion, changed, mutate]);

  const last = useRef(pending);
  useEffect(() => {
    last.current = pending;
  });
  useEffect(
    () => () => {
      const draft = last.current;
      if (draft) {
        void apiRequest(contentDraftSave, {
          params: { key: contentKey },
          query: { locale },
          body: draft,
        }).catch(() => undefined);
      }
    },
    [contentKey, locale],
  );

  return {
    kept,
    /** The editor now holds `text`, kept on the server as it is. */
    keep: setKept,
    unsaved,
    failed: save.isError ? save.error : null,
  };
}
