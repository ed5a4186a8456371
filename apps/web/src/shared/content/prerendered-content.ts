import { contentBlock, type ContentBlock } from '@sesxi/contract';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { contentQueryKey } from './content-query';

const elementId = 'prerendered-content';

/**
 * The texts a prerendered page was rendered with, for the page itself (see entry-server.tsx):
 * JSON in a data block, which the browser never runs, with `<` escaped so no text can end it.
 */
export function prerenderedContentScript(blocks: readonly ContentBlock[]): string {
  if (blocks.length === 0) return '';
  const json = JSON.stringify(blocks).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${elementId}">${json}</script>`;
}

/**
 * Puts the texts the page was prerendered with into the cache, already stale: the first render
 * shows, and hydrates, exactly them (their videos playable at once), and the current versions
 * are fetched straight away.
 */
export function loadPrerenderedContent(queryClient: QueryClient): void {
  const json = document.getElementById(elementId)?.textContent;
  if (!json) return;
  const blocks = z.array(contentBlock).safeParse(parsedJson(json));
  if (!blocks.success) return;
  for (const block of blocks.data) {
    queryClient.setQueryData(contentQueryKey(block.key, block.locale), block, { updatedAt: 0 });
  }
}

/** The server puts the product name into the page, this block too: it may have spoilt it. */
function parsedJson(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}
