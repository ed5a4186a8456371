import { contentShow, type ContentBlock, type ContentKey, type Locale } from '@sesxi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { currentLocale } from '../i18n/i18n';

export function contentQueryKey(key: ContentKey, locale: Locale) {
  return ['content', key, locale] as const;
}

/** The current version of a text (`GET /api/content/{key}`), in the visitor's language. */
export function contentQuery(key: ContentKey, locale: Locale = currentLocale()) {
  return queryOptions({
    queryKey: contentQueryKey(key, locale),
    queryFn: ({ signal }) =>
      apiRequest(contentShow, { params: { key }, query: { locale }, signal }).then(
        (answer) => answer.content,
      ),
    staleTime: 60_000,
  });
}

/**
 * The HTML the build prerendered for `key` (see entry-server.tsx), while the page hydrates: the
 * first render shows exactly it, and the current version replaces it once fetched.
 */
function prerenderedHtml(key: ContentKey): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector(`[data-content="${key}"]`)?.innerHTML;
}

/** A block as shown: the fetched version, or the prerendered markup until it arrives. */
export type ShownContent =
  | { kind: 'block'; block: ContentBlock }
  | { kind: 'prerendered'; markup: string }
  | { kind: 'pending' }
  | { kind: 'failed'; error: Error };

export function useContent(key: ContentKey): ShownContent {
  const query = useQuery({
    ...contentQuery(key),
    placeholderData: () => {
      const markup = prerenderedHtml(key);
      return markup === undefined
        ? undefined
        : { key, locale: currentLocale(), version: 0, html: markup };
    },
  });
  if (query.isPlaceholderData) return { kind: 'prerendered', markup: query.data.html };
  if (query.isSuccess) return { kind: 'block', block: query.data };
  if (query.isError) return { kind: 'failed', error: query.error };
  return { kind: 'pending' };
}
