import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ContentBlock } from '@sesxi/contract';
import type { FastifyBaseLogger } from 'fastify';
import { pageContentKeys, type PageContentKey } from '#app/db/schema.ts';
import type { HtmlPage } from '#app/http/html-page.ts';

/** What the web build's server bundle offers (apps/web/src/entry-server.tsx). */
interface PageRenderer {
  renderPage(template: string, path: string, contents: readonly ContentBlock[]): Promise<string>;
}

/**
 * Where the pages' texts come from (the content module's page texts, handed in by app.ts):
 * the current versions of some keys, and the blocks of those versions.
 */
export interface PageTexts {
  currentVersions: (keys: readonly PageContentKey[]) => Promise<PageTextVersions>;
  at: (versions: PageTextVersions) => Promise<readonly ContentBlock[]>;
}

type PageTextVersions = { key: PageContentKey; version: number }[];

/** The page as it is to be sent now. */
export type CurrentPage = () => Promise<HtmlPage>;

interface ContentPagesOptions {
  distDir: string;
  texts: PageTexts;
  log: FastifyBaseLogger;
  /** A rendered page as it is sent (the product name put in, compressed). */
  finish: (html: string) => HtmlPage;
}

/** The server bundle and the template it renders into, both written by the web build. */
export const serverBundleDir = 'ssr';

/**
 * The prerendered pages that show texts an editor publishes (their `data-content` blocks),
 * with the texts as published now. Every visit asks the database for the texts' current
 * versions, so every instance sends a publish at once; the page is rendered again, and
 * compressed, only when they changed since this instance last rendered it. Without a server
 * bundle in the dist the pages are sent as the build wrote them (the seeded texts); when asking
 * or rendering fails, the page last sent is sent again and the failure logged.
 */
export async function createContentPages({ distDir, texts, log, finish }: ContentPagesOptions) {
  const template = await readFile(join(distDir, serverBundleDir, 'page.html'), 'utf8').catch(
    () => undefined,
  );
  let renderer: Promise<PageRenderer> | undefined;
  const bundle = () =>
    (renderer ??= import(
      pathToFileURL(join(distDir, serverBundleDir, 'entry-server.js')).href
    ) as Promise<PageRenderer>);

  return function currentPage(path: string, built: HtmlPage): CurrentPage {
    const keys = contentKeysIn(built.html);
    if (template === undefined || keys.length === 0) return () => Promise.resolve(built);
    let last = built;
    let rendered: { versions: string; page: Promise<HtmlPage> } | undefined;

    const render = async (versions: PageTextVersions): Promise<HtmlPage> => {
      const contents = await texts.at(versions);
      return finish(await (await bundle()).renderPage(template, path, contents));
    };

    return async () => {
      try {
        const versions = await texts.currentVersions(keys);
        const fingerprint = JSON.stringify(versions);
        if (rendered?.versions !== fingerprint) {
          rendered = { versions: fingerprint, page: render(versions) };
        }
        last = await rendered.page;
      } catch (error) {
        rendered = undefined;
        log.error({ err: error, path }, 'page sent without its current texts');
      }
      return last;
    };
  };
}

/** The page texts a page shows: its blocks carry `data-content="key"` (see ContentHtml). */
function contentKeysIn(html: string): PageContentKey[] {
  const found = new Set([...html.matchAll(/\bdata-content="([a-z_]+)"/g)].map(([, key]) => key));
  return pageContentKeys.filter((key) => found.has(key));
}
