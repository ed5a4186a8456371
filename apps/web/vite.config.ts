import { productNamePlaceholder } from '@sesxi/contract';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { defineProject } from 'vitest/config';

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

/** The server puts the product name into the pages it sends; the dev server says Sesxi. */
function devProductName(): Plugin {
  return {
    name: 'sesxi:dev-product-name',
    apply: 'serve',
    transformIndexHtml: (html) => html.replaceAll(productNamePlaceholder, 'Sesxi'),
  };
}

const entry = fileURLToPath(new URL('src/main.tsx', import.meta.url));
/** The pages a visitor may land on first, signed out (the ones the build prerenders). */
const publicPage =
  /[\\/](home-page|claims-page|login-page|register-page|restore-password-page|verification-done-page)\.tsx$/;

/**
 * A first visit loads three scripts, not forty: the entry, `shell` (everything the entry
 * imports: React, the router, Mantine's shared parts, the layout, Georgian texts) and `public`
 * (the public pages and what they import). Signed-in screens keep one lazy chunk per feature.
 * Each request costs a round trip on a phone, more than the few kilobytes the merge adds.
 */
function firstVisitChunks(): Rolldown.OutputOptions['codeSplitting'] {
  let chunkOf: Map<string, string> | undefined;
  const reachable = (from: string[], info: Rolldown.ChunkingContext, skip: Set<string>) => {
    const found = new Set<string>();
    const queue = [...from];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (found.has(id) || skip.has(id)) continue;
      found.add(id);
      queue.push(...(info.getModuleInfo(id)?.importedIds ?? []));
    }
    return found;
  };
  const plan = (info: Rolldown.ChunkingContext) => {
    const shell = reachable([entry], info, new Set());
    shell.delete(entry);
    const pages = [...shell, entry]
      .flatMap((id) => info.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
      .filter((id) => publicPage.test(id));
    const pub = reachable(pages, info, shell);
    return new Map([
      ...[...shell].map((id) => [id, 'shell'] as const),
      ...[...pub].map((id) => [id, 'public'] as const),
    ]);
  };
  return {
    groups: [
      {
        name: (id, info) => {
          chunkOf ??= plan(info);
          return chunkOf.get(id) ?? null;
        },
      },
    ],
  };
}

export default defineProject({
  plugins: [
    react(),
    preloadGeorgianFont(),
    devProductName(),
    // HTML pages are compressed by the server, once the product name is in them.
    compression({ algorithms: ['gzip', 'brotliCompress'], exclude: [/\.html$/] }),
  ],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: firstVisitChunks(),
        // Grouping must not reorder side effects: zod must be told not to use eval (see
        // shared/validation/without-eval.ts) before any schema is created.
        strictExecutionOrder: true,
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
});
