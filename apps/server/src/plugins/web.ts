import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml } from '#app/http/html.ts';
import { isServerPath, pathOf } from '#app/http/paths.ts';

interface WebOptions {
  distDir: string;
  productName: string;
}

const indexFiles = new Set(['index.html', 'index.html.br', 'index.html.gz']);

/**
 * Serves the built web app from the same origin as the API. Hashed files under /assets/ are
 * cached for a year (their names change with their content), precompressed copies (.br, .gz)
 * are picked by Accept-Encoding, and every other GET that is not a server path or a file gets
 * index.html, so deep links such as /loan-edit/5 load the app. index.html is read once, with
 * the product name put in, and revalidated on every visit.
 */
const web: FastifyPluginAsync<WebOptions> = async (app, { distDir, productName }) => {
  const template = await readFile(join(distDir, 'index.html'), 'utf8').catch(() => undefined);
  if (template === undefined) {
    app.log.warn(
      `No web app in ${distDir}: the server answers the API only. Run \`npm run build\` to build it.`,
    );
    return;
  }
  const indexHtml = withProductName(template, productName);
  const indexEtag = `"${createHash('sha256').update(indexHtml).digest('base64url').slice(0, 22)}"`;
  const otherFiles = await filesOutsideAssets(distDir);

  await app.register(fastifyStatic, {
    root: join(distDir, 'assets'),
    prefix: '/assets/',
    preCompressed: true,
    index: false,
    immutable: true,
    maxAge: '365d',
  });

  app.get('/*', (request, reply) => {
    const path = pathOf(request.url);
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
    reply.header('cache-control', 'no-cache').header('etag', indexEtag);
    if (request.headers['if-none-match'] === indexEtag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(indexHtml);
  });
};

export default web;

/** Puts the product name into the page title and the application-name meta tag. */
export function withProductName(html: string, productName: string): string {
  const name = escapeHtml(productName);
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>`)
    .replace(
      /(<meta\s+name="application-name"\s+content=")[^"]*(")/,
      (_, start: string, end: string) => `${start}${name}${end}`,
    );
}

/** Files the build put outside /assets/ (favicon, robots.txt, …), as URL paths without the slash. */
async function filesOutsideAssets(distDir: string): Promise<Set<string>> {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(distDir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => !file.startsWith('assets/') && !indexFiles.has(file));
  return new Set(files);
}
