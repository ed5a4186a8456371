import { productNamePlaceholder } from '@sesxi/contract';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { OutputBundle } from 'rolldown';
import type { Plugin, UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { defineProject, type UserWorkspaceConfig } from 'vitest/config';

const apiServer = 'http://localhost:3000';

/**
 * Preloads the Georgian 400-weight font file so text does not wait for the stylesheet to be
 * parsed. Its URL carries a content hash, so it can only be known once the bundle exists.
 */
function preloadGeorgianFont(): Plugin {
  return {
    name: 'sesxi:preload-georgian-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = Object.values(bundle ?? {}).find((output) =>
          output.fileName.includes('noto-sans-georgian-georgian-400-normal'),
        );
        if (!font) throw new Error('The Georgian font file is missing from the bundle');
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${font.fileName}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Builds the page so that the app is fetched and started after the page's first paint: the
 * entry's script tag and its modulepreload links become one script, `src/start-after-paint.ts`,
 * which lists the chunks in `data-app-modules`, each after the chunks it imports (the entry
 * last), and the page's stylesheets in `data-app-styles` (a prerendered page has only the
 * rules its markup uses inline).
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'sesxi:start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const starter = Object.values(bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === startEntryName,
        );
        if (!starter) throw new Error('The start-after-paint script is missing from the bundle');
        const entryScript = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const preload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
        const stylesheet = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;
        const entryUrl = entryScript.exec(html)?.[1];
        if (!entryUrl) throw new Error("The page's entry script is missing");
        const chunks = [entryUrl, ...[...html.matchAll(preload)].map(([, href = '']) => href)];
        const modules = inImportOrder(chunks, bundle ?? {});
        const styles = [...html.matchAll(stylesheet)].map(([, href]) => href);
        const startTag =
          `\n    <script type="module" crossorigin src="/${starter.fileName}" ` +
          `data-app-modules="${modules.join(' ')}" data-app-styles="${styles.join(' ')}"></script>`;
        return html.replace(preload, '').replace(entryScript, () => startTag);
      },
    },
  };
}

/** `urls` (the bundle's chunks, as `/assets/…`) with each after the chunks of `urls` it imports. */
function inImportOrder(urls: string[], bundle: OutputBundle): string[] {
  const ordered: string[] = [];
  const place = (url: string) => {
    if (ordered.includes(url)) return;
    const chunk = bundle[url.slice(1)];
    if (chunk?.type !== 'chunk') throw new Error(`The bundle has no chunk ${url}`);
    for (const imported of chunk.imports) if (urls.includes(`/${imported}`)) place(`/${imported}`);
    ordered.push(url);
  };
  for (const url of urls) place(url);
  return ordered;
}

/** V8's explicit compile hint (Chrome 136+): other engines read a comment. */
const compileAllFunctionsOnLoad = '//# allFunctionsCalledOnLoad';

const compressedCopies: [suffix: string, compress: (code: string) => Buffer][] = [
  ['.gz', (code) => gzipSync(code, { level: 9 })],
  [
    '.br',
    (code) => brotliCompressSync(code, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
  ],
];

/**
 * Asks V8 to compile every function of the chunks named `chunkNames` while they download,
 * on a background thread: most of the first visit's functions run as the app starts, and
 * compiled lazily, one by one on the main thread, they made its start about a third longer
 * (a phone's CPU, as Lighthouse simulates it). The hint must open the file, so it goes in
 * after Vite has put its preload map there, and the chunk's compressed copies are made again.
 */
function compileOnLoad(chunkNames: string[]): Plugin {
  return {
    name: 'sesxi:compile-on-load',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunkName of chunkNames) {
          const chunk = Object.values(bundle).find(
            (output) => output.type === 'chunk' && output.name === chunkName,
          );
          if (chunk?.type !== 'chunk') throw new Error(`The bundle has no chunk ${chunkName}`);
          chunk.code = `${compileAllFunctionsOnLoad}\n${chunk.code}`;
          // One line more at the top: the map's lines move down by one.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          for (const [suffix, compress] of compressedCopies) {
            const copy = bundle[`${chunk.fileName}${suffix}`];
            if (copy?.type === 'asset') copy.source = compress(chunk.code);
          }
        }
      },
    },
  };
}

/**
 * In the server bundle, each dynamic import of the app's own modules tells
 * `globalThis.onLazyModule` which module it loads (its path from apps/web, as the client
 * build's manifest names it): the build learns which modules a screen loads (entry-server.tsx's
 * `lazyModulesOf`), and so which chunks its shell announces up front.
 */
function announceLazyModules(): Plugin {
  const dynamicImport = /\bimport\((["'])([^"']+)\1\)/g;
  return {
    name: 'sesxi:announce-lazy-modules',
    apply: 'build',
    enforce: 'post',
    async transform(code, id) {
      if (!id.startsWith(appRoot) || id.includes('/node_modules/')) return;
      const imports = [...code.matchAll(dynamicImport)];
      if (imports.length === 0) return;
      const modules = await Promise.all(
        imports.map(async ([, , specifier = '']) => (await this.resolve(specifier, id))?.id),
      );
      let index = 0;
      return code.replace(dynamicImport, (call) => {
        const module = modules[index++];
        if (module === undefined) return call;
        return `(globalThis.onLazyModule?.(${JSON.stringify(relative(appRoot, module))}), ${call})`;
      });
    },
  };
}

/** The server puts the product name into the pages it sends; the dev server says Sesxi. */
function devProductName(): Plugin {
  return {
    name: 'sesxi:dev-product-name',
    apply: 'serve',
    transformIndexHtml: (html) => html.replaceAll(productNamePlaceholder, 'Sesxi'),
  };
}

const appRoot = fileURLToPath(new URL('.', import.meta.url));
/** Mantine's dialogs, drawers, menus and popovers, and what only they use. */
const overlayModules =
  /@floating-ui|react-remove-scroll|use-sidecar|@mantine[\\/]core[\\/]esm[\\/](components[\\/](Modal|ModalBase|Drawer|Popover|Menu|Portal|Overlay|Transition|FocusTrap)|utils[\\/]Floating)[\\/]|use-focus-trap/;
const entry = fileURLToPath(new URL('src/main.tsx', import.meta.url));
const startEntryName = 'start-after-paint';
const firstVisitChunkNames = { libraries: 'first-visit-libraries', app: 'first-visit' };

/** The browser's app, its dev server and its tests. */
const browserApp: UserWorkspaceConfig = {
  plugins: [
    react(),
    preloadGeorgianFont(),
    startAfterFirstPaint(),
    compileOnLoad(Object.values(firstVisitChunkNames)),
    devProductName(),
    // HTML pages are compressed by the server, once the product name is in them.
    compression({ algorithms: ['gzip', 'brotliCompress'], exclude: [/\.html$/] }),
  ],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Which chunks each module's code is in, for the signed-in shells (scripts/prerender.ts,
    // which removes it: it is not served).
    manifest: true,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        [startEntryName]: fileURLToPath(new URL('src/start-after-paint.ts', import.meta.url)),
      },
      output: {
        // A first visit loads two chunks and the bundler's runtime, not forty: the entry and
        // everything it uses (the public pages are part of it, see app/router.tsx) form one
        // group, its libraries another. A group takes in what its modules really use, after
        // tree shaking, and `$initial` limits the libraries to what the entry imports, so the
        // signed-in screens keep their own lazy chunks. Each request costs a round trip on a
        // phone, more than the few kilobytes a merge adds; two chunks run as two tasks
        // (start-after-paint.ts), each short enough not to hold up a tap.
        codeSplitting: {
          // In order of priority: a module goes to the first group that takes it (with what it
          // imports, not taken yet).
          groups: [
            {
              name: firstVisitChunkNames.libraries,
              test: /node_modules[\\/]/,
              tags: ['$initial'],
              priority: 4,
            },
            { name: firstVisitChunkNames.app, test: (id) => id === entry, priority: 3 },
            // The code two or more lazily loaded screens share, one chunk rather than a dozen:
            // over HTTP/1.1 a screen's 25 small chunks had arrived in four rounds of six. Before
            // the overlays: what they are built of and screens use too (Paper, the close button)
            // is the screens', or every screen would load every overlay's code.
            {
              name: 'screens',
              test: (id) => !overlayModules.test(id),
              minShareCount: 2,
              priority: 2,
            },
            // Dialogs and menus (Mantine's modal and popover, floating-ui, the scroll lock) load
            // when one first opens, not with the screens that can open them.
            { name: 'overlays', test: overlayModules, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/dev-idp': apiServer,
      '/dev-identomat': apiServer,
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Typing into jsdom is slow when every core is busy (CI runs the projects side by side).
    testTimeout: 15_000,
  },
};

/**
 * The server bundle (`vite build --ssr`, into dist/ssr/): the build prerenders the public pages
 * with it, and the server renders the pages that show content again with their current texts.
 * It carries its dependencies and production React, so it runs the same wherever the dist is;
 * browsers never get it (see the server's plugins/web.ts).
 */
const serverBundle: UserConfig = {
  plugins: [react(), announceLazyModules()],
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    // One file: its modules run in import order, so server-globals.ts comes first.
    rolldownOptions: { output: { codeSplitting: false } },
  },
};

export default defineProject(({ isSsrBuild }) => (isSsrBuild ? serverBundle : browserApp));
