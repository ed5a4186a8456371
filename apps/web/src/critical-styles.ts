import Beasties from 'beasties';

/**
 * Beasties for the stylesheets in the head only: the styles Mantine renders inside the root
 * are part of React's markup, which hydration expects exactly as the server wrote it.
 */
class HeadStylesBeasties extends Beasties {
  getAffectedStyleTags(document: { querySelectorAll(selector: string): Iterable<unknown> }) {
    return [...document.querySelectorAll('head > style')];
  }
}

const beasties = new HeadStylesBeasties({
  // The page's styles are inline already (scripts/prerender.ts puts the built stylesheets in).
  external: false,
  reduceInlineStyles: true,
  mergeStylesheets: true,
  logLevel: 'silent',
});

const fontFace = /@font-face\s*\{[^}]*\}/g;
const regularWeight = /font-weight:\s*400\b/;
const fontDisplay = /font-display:\s*\w+/;

/**
 * A prerendered page with only the style rules its markup uses (Beasties), so that a phone
 * parses a few kilobytes of CSS before its first paint instead of the whole app's; the app's
 * full stylesheets follow once the page has painted (see start-after-paint.ts). Of the fonts,
 * the regular weight's faces are kept (Beasties cannot follow Mantine's font-family variable to
 * them): on a slow network the page's first paint waited for every weight's files, about 100 KB;
 * bolder text shows in the regular face made bold until the full stylesheets bring its own.
 * With `textWaitsForFont` the page's text waits for those faces (at most the browser's 3 s)
 * instead of showing in another face first: a signed-in shell's, which the app replaces with the
 * same text in its own face, a different size, which would then be the page's largest paint.
 */
export async function withCriticalStyles(
  page: string,
  { textWaitsForFont = false }: { textWaitsForFont?: boolean } = {},
): Promise<string> {
  const fontFaces = (page.match(fontFace) ?? [])
    .filter((rule) => regularWeight.test(rule))
    .map((rule) => (textWaitsForFont ? rule.replace(fontDisplay, 'font-display:block') : rule));
  const pruned = await beasties.process(page);
  return pruned.replace('</title>', () => `</title><style>${fontFaces.join('')}</style>`);
}
