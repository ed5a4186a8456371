import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { contentQueryKey } from './content-query';
import { loadPrerenderedContent, prerenderedContentScript } from './prerendered-content';

const claims = {
  key: 'claims',
  locale: 'ka',
  version: 3,
  html: '<p>ტექსტი &lt;/script&gt;<script>x</script></p>',
} as const;

describe('the texts a prerendered page carries', () => {
  it('are put into the cache as they were rendered, stale so that the current ones are fetched', () => {
    document.body.innerHTML = `<div id="root"></div>${prerenderedContentScript([claims])}`;
    expect(document.querySelectorAll('script')).toHaveLength(1);
    const queryClient = createQueryClient();
    loadPrerenderedContent(queryClient);
    expect(queryClient.getQueryData(contentQueryKey('claims', 'ka'))).toEqual(claims);
    expect(queryClient.getQueryState(contentQueryKey('claims', 'ka'))?.dataUpdatedAt).toBe(0);
  });

  it('are nothing on a page without texts', () => {
    expect(prerenderedContentScript([])).toBe('');
    document.body.innerHTML = '<div id="root"></div>';
    const queryClient = createQueryClient();
    loadPrerenderedContent(queryClient);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
