// Build step after `vite build` and `vite build --ssr src/entry-server.tsx`: writes the public
// pages as HTML into dist/prerendered/, one file per path (`/` → index.html), from the built
// index.html, so they reference the same hashed assets. The server sends them for their paths.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as EntryServer from '../src/entry-server.tsx';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const serverBundle = join(web, 'dist-ssr', 'entry-server.js');

// As a first visit sees them: production React, empty local storage, no window.
process.env.NODE_ENV = 'production';
globalThis.localStorage = emptyStorage();
const { prerender, prerenderedPaths } = (await import(
  pathToFileURL(serverBundle).href
)) as typeof EntryServer;

const template = await withStylesInline(await readFile(join(dist, 'index.html'), 'utf8'));
const emptyRoot = '<div id="root"></div>';
if (!template.includes(emptyRoot)) throw new Error(`dist/index.html has no ${emptyRoot}`);

for (const path of prerenderedPaths) {
  const { title, html } = await prerender(path);
  const page = template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`)
    .replace(emptyRoot, () => `<div id="root">${html}</div>`);
  const file = join(dist, 'prerendered', `${path === '/' ? 'index' : path.slice(1)}.html`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, page);
}
await rm(join(web, 'dist-ssr'), { recursive: true });
console.log(`Prerendered ${prerenderedPaths.join(', ')}`);

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

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function emptyStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => {
      items.clear();
    },
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}
