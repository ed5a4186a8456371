// Build step after `vite build` and `vite build --ssr src/entry-server.tsx` (into dist/ssr/):
// writes the template the public pages are rendered into, dist/ssr/page.html (the built
// index.html with its stylesheets inline, so the pages reference the same hashed assets), and
// the pages with the seeded texts into dist/prerendered/, one file per path (`/` →
// index.html). The server sends them for their paths, and renders again with dist/ssr/ those
// that show texts an editor has since published. The signed-in customers' screens get their
// shell the same way (the header, the heading and what they show while their data loads).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ContentBlock, ContentKey } from '@sesxi/contract';
import { seededPageContent } from '@sesxi/contract/content-seed';
import type * as EntryServer from '../src/entry-server.tsx';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const serverBundle = join(dist, 'ssr', 'entry-server.js');

const { renderPage, prerenderedPaths, renderSignedInShell, signedInShellPaths } = (await import(
  pathToFileURL(serverBundle).href
)) as typeof EntryServer;

const template = await withStylesInline(await readFile(join(dist, 'index.html'), 'utf8'));
await writeFile(join(dist, 'ssr', 'page.html'), template);

const seeded: ContentBlock[] = Object.entries(seededPageContent).map(([key, html]) => ({
  key: key as ContentKey,
  locale: 'ka',
  version: 1,
  html: html.ka,
}));
async function writePage(path: string, html: Promise<string>): Promise<void> {
  const file = join(dist, 'prerendered', `${path === '/' ? 'index' : path.slice(1)}.html`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, await html);
}
for (const path of prerenderedPaths) await writePage(path, renderPage(template, path, seeded));
const shellPaths = signedInShellPaths();
for (const path of shellPaths) await writePage(path, renderSignedInShell(template, path));
console.log(`Prerendered ${prerenderedPaths.join(', ')}; shells of ${shellPaths.join(', ')}`);

/**
 * The stylesheets the page links, put into it: a first visit paints without waiting for
 * another round trip. (The strict CSP allows inline styles; Mantine needs them anyway.)
 */
async function withStylesInline(html: string): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)">/g)];
  let inlined = html;
  for (const [link, file] of links) {
    const css = await readFile(join(dist, file ?? ''), 'utf8');
    inlined = inlined.replace(link, () => `<style>${css}</style>`);
  }
  return inlined;
}
