import { contentImagePath } from './content.ts';

/**
 * What published content HTML may hold: the one allow-list. The server's sanitiser keeps
 * exactly this (apps/server/src/modules/content/sanitise.ts), the editor produces nothing else
 * (apps/web/src/features/content/editor), and the CSP's `frame-src` allows exactly the video
 * player's origin. Its tests pin it, so a widening fails until it is meant.
 */
export const contentAllowedTags = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'table',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'img',
  // Only as a video: `<div data-video="youtube" data-id="…" data-title="…"></div>`.
  'div',
] as const;

/** The attributes each tag may keep; every other attribute (`style`, `on*`, `class`) goes. */
export const contentAllowedAttributes = {
  a: ['href', 'rel'],
  img: ['src', 'alt'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
  div: ['data-video', 'data-id', 'data-title'],
} as const satisfies Partial<Record<(typeof contentAllowedTags)[number], readonly string[]>>;

/**
 * The schemes a link may have. Not `http:`: a customer sent from the lender's page to a
 * plain-text site can be read and redirected on the way, and the editor cannot know whether
 * an `https:` version exists, so it refuses `http://` with a message instead of rewriting it.
 */
export const contentLinkSchemes = ['https', 'mailto', 'tel'] as const;

/** Every link carries this `rel`: the page it opens gets no handle on ours, nor our address. */
export const contentLinkRel = 'noopener noreferrer';

const scheme = /^([a-z][a-z0-9+.-]*):/i;
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const controlCharacter = /[\u0000-\u001f\u007f]/;

/**
 * Whether a link may point at `href`: an address with one of `contentLinkSchemes`, a page of
 * this site (`/faq`, not `//host`), or a place on the same page (`#…`). Nothing with a control
 * character (browsers drop tabs and newlines, so `java\tscript:` would run).
 */
export function isContentHref(href: string): boolean {
  const value = href.trim();
  if (value === '' || controlCharacter.test(value)) return false;
  if (value.startsWith('#')) return true;
  if (value.startsWith('/')) return !/^\/[/\\]/.test(value);
  const found = scheme.exec(value)?.[1]?.toLowerCase();
  return (contentLinkSchemes as readonly string[]).includes(found ?? '');
}

/** An uploaded content image's id (the UUID of its storage key). */
export const contentImageIdFormat =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether an image may show `src`: only an image uploaded for content, by its path. */
export function isContentImageSrc(src: string): boolean {
  return (
    src.startsWith(contentImagePath) &&
    contentImageIdFormat.test(src.slice(contentImagePath.length))
  );
}

/** The one outside origin content loads from: the video player, in a frame, after a tap. */
export const contentVideoOrigin = 'https://www.youtube-nocookie.com';

/** The player of a video (by its YouTube id), as the facade loads it after a tap. */
export function contentVideoPlayerUrl(id: string): string {
  return `${contentVideoOrigin}/embed/${encodeURIComponent(id)}?autoplay=1`;
}
