import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimit } from '#app/app.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { withProductName } from './web.ts';
import { shellScriptSource } from './security-headers.ts';

const indexHtml = `<!doctype html>
<html lang="ka">
  <head>
    <title>{{PRODUCT_NAME}}</title>
    <meta name="application-name" content="{{PRODUCT_NAME}}">
    <script type="module" src="/assets/index-3f2a1b.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;
const prerenderedLogin = indexHtml
  .replace('<title>{{PRODUCT_NAME}}</title>', '<title>შესვლა — {{PRODUCT_NAME}}</title>')
  .replace('<div id="root"></div>', '<div id="root"><h1>შესვლა</h1><p>{{PRODUCT_NAME}}</p></div>');
const script = `console.log(${JSON.stringify('ს'.repeat(2000))});`;

let distDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'sesxi-web-'));
  await mkdir(join(distDir, 'assets'));
  await writeFile(join(distDir, 'index.html'), indexHtml);
  await mkdir(join(distDir, 'prerendered', 'credit-info'), { recursive: true });
  await writeFile(join(distDir, 'prerendered', 'login.html'), prerenderedLogin);
  await writeFile(join(distDir, 'prerendered', 'credit-info', 'redirect.html'), prerenderedLogin);
  await writeFile(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(distDir, 'assets', 'index-3f2a1b.js'), script);
  await writeFile(join(distDir, 'assets', 'index-3f2a1b.js.br'), brotliCompressSync(script));
  await writeFile(join(distDir, 'assets', 'index-3f2a1b.js.gz'), gzipSync(script));
  app = await buildTestApp({ WEB_DIST_DIR: distDir, PRODUCT_NAME: 'Sesxi <Beta> & "Co"' });
});

afterAll(async () => {
  await app.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('index.html', () => {
  it('carries the product name, HTML-escaped, in the title and application-name', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<title>Sesxi &lt;Beta&gt; &amp; &quot;Co&quot;</title>');
    expect(response.body).toContain(
      '<meta name="application-name" content="Sesxi &lt;Beta&gt; &amp; &quot;Co&quot;">',
    );
  });

  it('is sent with a strict Content-Security-Policy and nosniff', async () => {
    const response = await app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values];
      }),
    );
    // Our origin's files, and the signed-in shells' one inline script by its hash.
    expect(directives.get('script-src')).toEqual(["'self'", shellScriptSource]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('is revalidated on every visit and answers 304 when unchanged', async () => {
    const first = await app.inject({ url: '/' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    const again = await app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('history fallback', () => {
  it.each(['/loan-edit/5', '/credit-info/7/identification/success', '/main', '/index.html'])(
    '%s loads the app',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    },
  );

  it.each(['/api/unknown', '/healthz/x', '/dev-nothing/here', '/assets/missing-123.js'])(
    '%s is not taken over: JSON 404',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 'error' });
    },
  );

  it('shows a prerendered page again when its form is sent without the app, the body unread', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'phone=599123456&password=secret-Pass-1',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login');
    expect(response.body).not.toContain('secret');
    // A body past the limit a parser would refuse (413) is not read at all.
    const oversized = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `password=${'x'.repeat(bodyLimit)}`,
    });
    expect(oversized.statusCode).toBe(303);
  });

  it('serves only GET: a POST to an app path is a JSON 404', async () => {
    const response = await app.inject({ method: 'POST', url: '/loan-edit/5' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'error' });
  });
});

describe('static files', () => {
  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ url: '/assets/index-3f2a1b.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe(script);
  });

  it('sends the brotli copy to a browser that accepts it', async () => {
    const response = await app.inject({
      url: '/assets/index-3f2a1b.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('serves other files of the build with revalidation', async () => {
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('without a web build', () => {
  it('still serves the API and answers other paths with a JSON 404', async () => {
    const apiOnly = await buildTestApp();
    try {
      expect((await apiOnly.inject({ url: '/api/app/contact/main' })).statusCode).toBe(200);
      const page = await apiOnly.inject({ url: '/loan-edit/5' });
      expect(page.statusCode).toBe(404);
      expect(page.json()).toMatchObject({ status: 'error' });
    } finally {
      await apiOnly.close();
    }
  });
});

describe('prerendered pages', () => {
  const escapedName = 'Sesxi &lt;Beta&gt; &amp; &quot;Co&quot;';

  it.each(['/login', '/credit-info/redirect'])(
    '%s is sent as its prerendered HTML, with the product name put in everywhere',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain(`<title>შესვლა — ${escapedName}</title>`);
      expect(response.body).toContain(`<h1>შესვლა</h1><p>${escapedName}</p>`);
      expect(response.body).not.toContain('{{PRODUCT_NAME}}');
    },
  );

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('is sent %s-compressed to a browser that accepts it', async (encoding, decode) => {
    const plain = await app.inject({ url: '/login' });
    const response = await app.inject({
      url: '/login',
      headers: { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(decode(response.rawPayload).toString()).toBe(plain.body);
  });

  it('is revalidated: 304 when unchanged, and its ETag is not the app shell’s', async () => {
    const page = await app.inject({ url: '/login' });
    const shell = await app.inject({ url: '/main' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.etag).not.toBe(shell.headers.etag);
    const again = await app.inject({
      url: '/login',
      headers: { 'if-none-match': String(page.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each(['/login/extra', '/prerendered/login.html', '/register'])(
    '%s is not a prerendered page: the app shell',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    },
  );
});

describe('withProductName', () => {
  it('leaves a page without the placeholder unchanged', () => {
    expect(withProductName('<title>Sesxi</title>', 'X')).toBe('<title>Sesxi</title>');
  });

  it('takes $-patterns in the name literally', () => {
    expect(withProductName('<title>{{PRODUCT_NAME}}</title>', "$& $1 $'")).toBe(
      '<title>$&amp; $1 $&#39;</title>',
    );
  });
});
