import { createServer } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { build, type Plugin } from 'vite';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Each reference page's folder of `bench/` and its entry there. */
const entries = { 'bare-react': 'main.ts', 'stack-floor': 'main.tsx' } as const;

/** The pages measured beside the product's, without budgets: each one's folder and name. */
export const referencePages = [
  { folder: 'bare-react', name: 'bare React page (reference)' },
  { folder: 'stack-floor', name: "the web stack's floor (reference)" },
] as const;

export type ReferencePage = (typeof referencePages)[number]['name'];

/**
 * The same page for every reference, made here rather than kept as a file in each folder:
 * an empty body in Georgian that loads the folder's entry.
 */
function referenceHtml(html: string, entry: string): Plugin {
  return {
    name: 'sesxi:reference-html',
    resolveId: (id) => (id === html ? id : undefined),
    load: (id) =>
      id === html
        ? `<!doctype html>
<html lang="ka">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>შესვლა</title>
    <script type="module" src="./${entry}"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`
        : undefined,
  };
}

/**
 * The pages measured beside the product's first visit, each a folder of `bench/` holding the
 * entry of a Vite app: `bare-react` (React DOM alone) and `stack-floor` (the libraries of the
 * product's first load), built for production and served gzipped from loopback, as the
 * product serves its pages.
 */
export async function startReferencePage(
  folder: keyof typeof entries,
): Promise<{ url: string; stop(): Promise<void> }> {
  const outDir = await mkdtemp(path.join(tmpdir(), `sesxi-${folder}-`));
  const root = path.join(import.meta.dirname, folder);
  const html = path.join(root, 'index.html');
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [referenceHtml(html, entries[folder])],
    build: { outDir, emptyOutDir: true, rolldownOptions: { input: html } },
  });
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = path.join(outDir, pathname === '/' ? 'index.html' : path.normalize(pathname));
    void (async () => {
      try {
        if (!file.startsWith(outDir)) throw new Error('outside the build');
        const body = await promisify(gzip)(await readFile(file));
        response.writeHead(200, {
          'content-type': types[path.extname(file)] ?? 'application/octet-stream',
          'content-encoding': 'gzip',
        });
        response.end(body);
      } catch {
        response.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
