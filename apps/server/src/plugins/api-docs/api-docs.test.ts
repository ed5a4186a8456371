import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { shellScriptSource } from '../security-headers.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ PRODUCT_NAME: 'Lari <Lend>' });
});

afterAll(() => app.close());

/** The product's policy, as every other page gets it (security-headers.ts). */
async function productPolicy(): Promise<string | undefined> {
  const response = await app.inject({ url: '/api/app/contact/main' });
  return response.headers['content-security-policy'];
}

describe('GET /api/docs', () => {
  it("is Swagger UI under the product's own strict Content-Security-Policy", async () => {
    const response = await app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const policy = response.headers['content-security-policy'];
    expect(policy).toBe(await productPolicy());
    const directives = String(policy)
      .split(';')
      .map((directive) => directive.trim());
    expect(directives).toContain(`script-src 'self' ${shellScriptSource}`);
    expect(directives).toContain("default-src 'self'");
    expect(response.body).toContain('<title>Lari &lt;Lend&gt; API</title>');
  });

  it('has no inline script and nothing from another origin', async () => {
    const html = (await app.inject({ url: '/api/docs' })).body;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const [, attributes = '', content = ''] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/api\/docs\/[\w.-]+\.js"/);
      expect(content.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).not.toMatch(/(https?:)?\/\/[a-z]/i);
  });

  it('serves every file the page loads, with its type', async () => {
    const html = (await app.inject({ url: '/api/docs' })).body;
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url = '']) => url);
    expect(assets).toEqual([
      '/api/docs/swagger-ui.css',
      '/api/docs/favicon-32x32.png',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/start.js',
    ]);
    const types: Record<string, RegExp> = {
      css: /^text\/css/,
      png: /^image\/png/,
      js: /^text\/javascript/,
    };
    for (const url of assets) {
      const response = await app.inject({ url });
      expect([url, response.statusCode]).toEqual([url, 200]);
      expect([url, response.headers['content-type']]).toEqual([
        url,
        expect.stringMatching(types[url.split('.').pop() ?? ''] ?? /^$/),
      ]);
      expect([url, response.rawPayload.length > 0]).toEqual([url, true]);
    }
  });

  it("starts Swagger UI on this server's document, with no validator badge", async () => {
    const script = (await app.inject({ url: '/api/docs/start.js' })).body;
    expect(script).toContain("url: '/api/openapi.json'");
    expect(script).toContain('validatorUrl: null');
    expect(script).not.toMatch(/https?:\/\//);
  });

  it('serves no other file of the package', async () => {
    for (const file of [
      'index.html',
      'swagger-initializer.js',
      'package.json',
      '..%2Fpackage.json',
    ]) {
      const response = await app.inject({ url: `/api/docs/${file}` });
      expect([file, response.statusCode]).toEqual([file, 404]);
    }
  });
});
