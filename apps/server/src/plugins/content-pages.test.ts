import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxStaffAccounts } from '#app/sandbox/staff-accounts.ts';
import { bearer, sandboxStaffToken } from '#app/test/accounts.ts';
import { buildTestApp, buildTestAppBeside } from '#app/test/build-test-app.ts';
import { logCapture } from '#app/test/log-capture.ts';

const template = `<!doctype html>
<html lang="ka"><head><title>{{PRODUCT_NAME}}</title></head><body><div id="root"></div></body></html>`;
const seededClaims = '<p>საჩივარს 15 სამუშაო დღეში განვიხილავთ.</p>';
const builtClaims = template.replace(
  '<div id="root"></div>',
  `<div id="root"><div data-content="claims">${seededClaims}</div></div>`,
);
const builtFaq = template.replace(
  '<div id="root"></div>',
  '<div id="root"><div data-content="faq"><h2>კითხვა</h2></div></div>',
);
const builtLogin = template.replace(
  '<div id="root"></div>',
  '<div id="root"><h1>შესვლა</h1></div>',
);

// The web build's server bundle in miniature: each text in its block, a count of renders, and
// a page it fails to render.
const serverBundle = `
export async function renderPage(template, path, contents) {
  if (path === '/faq') throw new Error('a page that fails to render');
  globalThis.sesxiRenders = (globalThis.sesxiRenders ?? 0) + 1;
  const blocks = contents.map((block) =>
    '<div data-content="' + block.key + '" data-version="' + block.version + '">' + block.html + '</div>');
  return template.replace('<div id="root"></div>', '<div id="root">' + blocks.join('') + '</div>');
}`;

let distDir: string;
let app: FastifyInstance;
let other: FastifyInstance;
let editorToken: string;
const logs = logCapture();

function renders(): number {
  return (globalThis as { sesxiRenders?: number }).sesxiRenders ?? 0;
}

async function publishClaims(html: string) {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/content/claims',
    headers: bearer(editorToken),
    payload: { locale: 'ka', html },
  });
  expect(response.statusCode).toBe(200);
}

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'sesxi-content-pages-'));
  await mkdir(join(distDir, 'assets'));
  await mkdir(join(distDir, 'prerendered'));
  await mkdir(join(distDir, 'ssr'));
  await writeFile(join(distDir, 'index.html'), template);
  await writeFile(join(distDir, 'prerendered', 'claims.html'), builtClaims);
  await writeFile(join(distDir, 'prerendered', 'faq.html'), builtFaq);
  await writeFile(join(distDir, 'prerendered', 'login.html'), builtLogin);
  await writeFile(join(distDir, 'ssr', 'page.html'), template);
  await writeFile(join(distDir, 'ssr', 'entry-server.js'), serverBundle);
  app = await buildTestApp(
    { WEB_DIST_DIR: distDir, PRODUCT_NAME: 'Sesxi' },
    { logStream: logs.stream },
  );
  other = await buildTestAppBeside(app);
  const editor = sandboxStaffAccounts.find((account) => account.roles.includes('content_editor'));
  if (!editor) throw new Error('the sandbox has no content editor');
  editorToken = await sandboxStaffToken(app, editor);
});

afterAll(async () => {
  await other.close();
  await app.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('a prerendered page that shows a published text', () => {
  it('is sent with the text as published now, on every instance, rendered once per version', async () => {
    const before = await app.inject({ url: '/claims' });
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('data-content="claims" data-version="1"');
    expect(before.body).toContain('<title>Sesxi</title>');
    // The other instance has rendered the page too, before the publish.
    expect((await other.inject({ url: '/claims' })).body).toBe(before.body);

    await publishClaims('<p>საჩივარს ახლა 10 სამუშაო დღეში ვპასუხობთ.</p>');
    for (const instance of [app, other]) {
      const after = await instance.inject({ url: '/claims' });
      expect(after.body).toContain('<p>საჩივარს ახლა 10 სამუშაო დღეში ვპასუხობთ.</p>');
      expect(after.body).not.toContain('data-version="1"');
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const stale = await instance.inject({
        url: '/claims',
        headers: { 'if-none-match': String(before.headers.etag) },
      });
      expect(stale.statusCode).toBe(200);
    }

    const rendered = renders();
    const again = await app.inject({ url: '/claims', headers: { 'accept-encoding': 'br' } });
    expect(again.headers['content-encoding']).toBe('br');
    const unchanged = await app.inject({
      url: '/claims',
      headers: { 'if-none-match': String(again.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(renders()).toBe(rendered);
  });

  it('leaves a page without texts as the build wrote it', async () => {
    const rendered = renders();
    const response = await app.inject({ url: '/login' });
    expect(response.body).toBe(builtLogin.replace('{{PRODUCT_NAME}}', 'Sesxi'));
    expect(renders()).toBe(rendered);
  });

  it('is sent as the build wrote it when it cannot be rendered, and the failure logged', async () => {
    const response = await app.inject({ url: '/faq' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(builtFaq.replace('{{PRODUCT_NAME}}', 'Sesxi'));
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ msg: 'page sent without its current texts', path: '/faq' }),
    );
  });

  it.each(['/ssr/entry-server.js', '/ssr/page.html'])(
    'never sends the server bundle: %s is the app shell',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('renderPage');
    },
  );
});
