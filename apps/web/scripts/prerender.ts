// Build step after `vite build` and `vite build --ssr src/entry-server.tsx` (into dist/ssr/):
// writes the template the public pages are rendered into, dist/ssr/page.html (the built
// index.html with its stylesheets inline, so the pages reference the same hashed assets), and
// the pages with the seeded texts into dist/prerendered/, one file per path (`/` →
// index.html). The server sends them for their paths, and renders again with dist/ssr/ those
// that show texts an editor has since published. The signed-in customers' screens get their
// shell the same way (the header, the heading and what they show while their data loads).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ContentBlock, ContentKey } from '@sesxi/contract';
import { seededPageContent } from '@sesxi/contract/content-seed';
import type * as EntryServer from '../src/entry-server.tsx';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const serverBundle = join(dist, 'ssr', 'entry-server.js');

const {
  dataRequestsOf,
  lazyModulesOf,
  renderPage,
  prerenderedPaths,
  renderSignedInShell,
  signedInShellPaths,
} = (await import(pathToFileURL(serverBundle).href)) as typeof EntryServer;

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
const manifest = await readManifest();
const shellPaths = signedInShellPaths();
for (const path of shellPaths) {
  const files = {
    ...screenFiles(manifest, await lazyModulesOf(path)),
    requests: await dataRequestsOf(path),
  };
  // The screen's own styles too: the shell shows some of its content (Beasties keeps the rules
  // it uses), not only the header and the heading.
  const screenStyles = files.styles.map((href) => `<link rel="stylesheet" href="${href}">`);
  const shellTemplate = await withStylesInline(
    template.replace('</head>', () => `${screenStyles.join('')}</head>`),
  );
  await writePage(path, renderSignedInShell(shellTemplate, path, files));
}
// Read here only: the browser has no use for it.
await rm(join(dist, '.vite'), { recursive: true });
console.log(`Prerendered ${prerenderedPaths.join(', ')}; shells of ${shellPaths.join(', ')}`);

/** Vite's manifest of the client build: each module's chunk, what it imports and its styles. */
type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

async function readManifest(): Promise<Manifest> {
  return JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The chunks and stylesheets `modules` need, with what they import, but the first visit's. */
function screenFiles(
  manifest: Manifest,
  modules: readonly string[],
): Omit<EntryServer.ScreenFiles, 'requests'> {
  const closure = (keys: readonly string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key)) continue;
      into.add(key);
      closure(manifest[key]?.imports ?? [], into);
    }
    return into;
  };
  const firstVisit = closure(['index.html']);
  const chunks = [...closure(modules)].filter((key) => !firstVisit.has(key));
  const urls = (files: (string | undefined)[]) => files.flatMap((file) => (file ? `/${file}` : []));
  return {
    modules: urls(chunks.map((key) => manifest[key]?.file)),
    styles: urls(chunks.flatMap((key) => manifest[key]?.css ?? [])),
  };
}

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
