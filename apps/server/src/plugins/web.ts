import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { productNamePlaceholder } from '@sesxi/contract';
import { htmlPage, type HtmlPage } from '#app/http/html-page.ts';
import { escapeHtml } from '#app/http/html.ts';
import { isServerPath, routedPathOf } from '#app/http/paths.ts';
import {
  createContentPages,
  serverBundleDir,
  type CurrentPage,
  type PageTexts,
} from './content-pages.ts';

interface WebOptions {
  distDir: string;
  productName: string;
  /** The texts editors publish, which the prerendered pages show (see content-pages.ts). */
  pageTexts: PageTexts;
}

const prerenderedDir = 'prerendered';

/**
 * Serves the built web app from the same origin as the API. Hashed files under /assets/ are
 * cached for a year (their names change with their content), precompressed copies (.br, .gz)
 * are picked by Accept-Encoding. The public pages the build prerendered (dist/prerendered/,
 * see apps/web/scripts/prerender.ts) are sent as their HTML, those that show published texts
 * with the current ones (content-pages.ts); every other GET that is not a server path or a file
 * gets index.html, so deep links such as /loan-edit/5 load the app. The pages are read once,
 * with the product name put in, and revalidated on every visit. The server bundle (dist/ssr/)
 * is never sent.
 */
const web: FastifyPluginAsync<WebOptions> = async (app, { distDir, productName, pageTexts }) => {
  const template = await readFile(join(distDir, 'index.html'), 'utf8').catch(() => undefined);
  if (template === undefined) {
    app.log.warn(
      `No web app in ${distDir}: the server answers the API only. Run \`npm run build\` to build it.`,
    );
    return;
  }
  const finish = (html: string) => htmlPage(withProductName(html, productName));
  const appShell = finish(template);
  const currentPage = await createContentPages({
    distDir,
    texts: pageTexts,
    log: app.log,
    finish,
  });
  const prerendered = await prerenderedPages(distDir, (path, html) =>
    currentPage(path, finish(html)),
  );
  const otherFiles = await filesOutsideAssets(distDir);
  // Rendered before the first visit, which then does not wait for the server bundle to load.
  app.addHook('onReady', async () => {
    await Promise.all([...prerendered.values()].map((page) => page()));
  });

  await app.register(fastifyStatic, {
    root: join(distDir, 'assets'),
    prefix: '/assets/',
    preCompressed: true,
    index: false,
    immutable: true,
    maxAge: '365d',
  });

  app.get('/*', async (request, reply) => {
    const path = routedPathOf(request.url);
    if (isServerPath(path) || path.startsWith('/assets/')) {
      reply.callNotFound();
      return reply;
    }
    const file = (request.params as { '*': string })['*'];
    if (otherFiles.has(file)) {
      return reply.header('cache-control', 'no-cache').sendFile(file, distDir, {
        cacheControl: false,
      });
    }
    const page = prerendered.get(path);
    return sendPage(request, reply, page ? await page() : appShell);
  });

  // A prerendered page's form sent by the browser itself, without the app (JavaScript off), posts
  // to the page: it is shown again, the body (a password among its values) left unread.
  await app.register((pageForms, _options, done) => {
    pageForms.removeAllContentTypeParsers();
    pageForms.addContentTypeParser('*', (_request, body, done) => {
      body.resume();
      done(null);
    });
    pageForms.post('/*', async (request, reply) => {
      const path = routedPathOf(request.url);
      if (!prerendered.has(path)) {
        reply.callNotFound();
        return reply;
      }
      return reply.redirect(path, 303);
    });
    done();
  });
};

export default web;

/** Puts the product name, HTML-escaped, where the page holds its placeholder. */
export function withProductName(html: string, productName: string): string {
  return html.replaceAll(productNamePlaceholder, () => escapeHtml(productName));
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: HtmlPage) {
  reply
    .header('cache-control', 'no-cache')
    .header('etag', page.etag)
    .header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  reply.type('text/html; charset=utf-8');
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}

/** The prerendered pages by path: prerendered/login.html is `/login`, index.html is `/`. */
async function prerenderedPages(
  distDir: string,
  pageOf: (path: string, html: string) => CurrentPage,
): Promise<Map<string, CurrentPage>> {
  const files = await htmlFilesUnder(join(distDir, prerenderedDir));
  const pages = await Promise.all(
    files.map(async (file) => {
      const html = await readFile(join(distDir, prerenderedDir, file), 'utf8');
      const path = `/${file.replace(/\.html$/, '')}`.replace(/^\/index$/, '/');
      return [path, pageOf(path, html)] as const;
    }),
  );
  return new Map(pages);
}

async function htmlFilesUnder(dir: string): Promise<string[]> {
  const files = await filesUnder(dir).catch(() => []);
  return files.filter((file) => file.endsWith('.html'));
}

/** Every file under `dir`, as a relative URL path. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** Files the build put outside /assets/ (favicon, robots.txt, …), as URL paths without the slash. */
async function filesOutsideAssets(distDir: string): Promise<Set<string>> {
  const files = await filesUnder(distDir);
  return new Set(
    files.filter(
      (file) =>
        !file.startsWith('assets/') &&
        !file.startsWith(`${prerenderedDir}/`) &&
        !file.startsWith(`${serverBundleDir}/`) &&
        file !== 'index.html',
    ),
  );
}
