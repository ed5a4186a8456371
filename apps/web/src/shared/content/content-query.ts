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

/** A block as shown: the current version, or why there is none yet. */
export type ShownContent =
  { kind: 'block'; block: ContentBlock } | { kind: 'pending' } | { kind: 'failed'; error: Error };

/**
 * The current version of a text. A prerendered page's first render shows the version it was
 * rendered with (see prerendered-content.ts) while the current one is fetched.
 */
export function useContent(key: ContentKey): ShownContent {
  const query = useQuery(contentQuery(key));
  if (query.isSuccess) return { kind: 'block', block: query.data };
  if (query.isError) return { kind: 'failed', error: query.error };
  return { kind: 'pending' };
}
