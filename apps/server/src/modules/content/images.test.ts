import { contentImagePath } from '@sesxi/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentImages } from '#app/db/schema.ts';
import { FileNotFoundError } from '#app/integrations/storage/file-storage.ts';
import { sandboxStaffAccounts } from '#app/sandbox/staff-accounts.ts';
import { bearer, sandboxStaffToken, sandboxSupportToken } from '#app/test/accounts.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { multipartBody } from '#app/test/loans.ts';
import { raceAt } from '#app/test/race.ts';
import { pdfFile, pngFile } from '#app/test/tiny-files.ts';
import { createContentImages, orphanImageGraceMs } from './images.ts';
import { sanitiseContent } from './sanitise.ts';

let app: FastifyInstance;
let editorToken: string;
let supportToken: string;

beforeAll(async () => {
  app = await buildTestApp();
  const editor = sandboxStaffAccounts.find((staff) => staff.roles.includes('content_editor'));
  if (!editor) throw new Error('the sandbox has no content editor');
  editorToken = await sandboxStaffToken(app, editor);
  supportToken = await sandboxSupportToken(app);
});

afterAll(() => app.close());

function upload(bytes: Uint8Array, token: string | null = editorToken) {
  const { payload, headers } = multipartBody(
    {},
    { name: 'a.png', bytes, contentType: 'image/png' },
  );
  return app.inject({
    method: 'POST',
    url: '/api/content/images',
    headers: { ...headers, ...(token ? bearer(token) : {}) },
    payload,
  });
}

async function uploaded(): Promise<{ url: string; id: string }> {
  const response = await upload(pngFile());
  expect(response.statusCode).toBe(200);
  const { url } = response.json<{ url: string }>();
  return { url, id: url.slice(contentImagePath.length) };
}

function get(url: string, token: string | null = null) {
  return app.inject({ url, headers: token ? bearer(token) : {} });
}

function publishShowing(url: string) {
  return app.inject({
    method: 'PUT',
    url: '/api/content/faq',
    headers: bearer(editorToken),
    payload: { locale: 'ka', html: `<p>სურათი</p><div><img src="${url}" alt="სქემა"></div>` },
  });
}

async function rowOf(id: string) {
  const [row] = await app.database.db.select().from(contentImages).where(eq(contentImages.id, id));
  return row;
}

async function fileOf(id: string): Promise<Buffer | undefined> {
  return app.fileStorage.read(`content-images/${id}`).catch((error: unknown) => {
    if (error instanceof FileNotFoundError) return undefined;
    throw error;
  });
}

const images = () =>
  createContentImages({ db: app.database.db, storage: app.fileStorage, clock: app.clock });

const afterGrace = () => new Date(Date.now() + orphanImageGraceMs + 60_000);

describe('POST /api/content/images', () => {
  it('stores an image an editor uploads, and the sanitiser keeps it in content', async () => {
    const { url, id } = await uploaded();
    expect(url).toMatch(/^\/api\/content\/images\/[0-9a-f-]{36}$/);
    const row = await rowOf(id);
    expect(row?.publishedAt).toBeNull();
    expect(row?.uploadedBy).toBeTypeOf('number');
    expect((await fileOf(id))?.equals(pngFile())).toBe(true);
    expect(sanitiseContent(`<img src="${url}" alt="a">`)).toBe(`<img src="${url}" alt="a" />`);
  });

  it('refuses other types by content, other roles, and no session', async () => {
    expect((await upload(pdfFile())).statusCode).toBe(422);
    expect((await upload(pngFile(), supportToken)).statusCode).toBe(403);
    expect((await upload(pngFile(), null)).statusCode).toBe(401);
  });
});

describe('GET /api/content/images/{id}', () => {
  it('shows an unpublished image to content editors only, never stored; anyone else gets a 404', async () => {
    const { url } = await uploaded();
    const toEditor = await get(url, editorToken);
    expect(toEditor.statusCode).toBe(200);
    expect(toEditor.headers['content-type']).toBe('image/png');
    expect(toEditor.headers['cache-control']).toBe('no-store');
    expect(toEditor.rawPayload.equals(pngFile())).toBe(true);
    for (const token of [null, supportToken, 'z'.repeat(43)]) {
      const refused = await get(url, token);
      expect(refused.statusCode).toBe(404);
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.body).not.toContain('PNG');
    }
  });

  it('serves a published image to anyone, cached for a year as it never changes', async () => {
    const { url, id } = await uploaded();
    const publish = await publishShowing(url);
    expect(publish.statusCode).toBe(200);
    expect(publish.json<{ content: { html: string } }>().content.html).toContain(
      `<img src="${url}" alt="სქემა" />`,
    );
    expect((await rowOf(id))?.publishedAt).toBeInstanceOf(Date);
    const served = await get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(pngFile())).toBe(true);
  });

  it('answers 404 for an unknown image and for anything not an image id', async () => {
    for (const url of [
      '/api/content/images/3f0c1b2a-1111-4222-8333-444455556666',
      '/api/content/images/../../etc',
      '/api/content/images/not-an-id',
    ]) {
      expect((await get(url, editorToken)).statusCode).toBe(404);
    }
  });
});

describe('publishing images', () => {
  it('refuses a version showing an image there is none of, with a field error', async () => {
    const missing = `${contentImagePath}3f0c1b2a-1111-4222-8333-444455556666`;
    const before = await get('/api/content/faq');
    const response = await publishShowing(missing);
    expect(response.statusCode).toBe(422);
    expect(response.json<Record<string, string[]>>().html).toEqual([
      'ტექსტში ჩასმული სურათი აღარ არსებობს, გთხოვთ, ატვირთოთ ის ხელახლა',
    ]);
    expect((await get('/api/content/faq')).body).toBe(before.body);
  });
});

describe('removing orphan images', () => {
  it('removes, row and file, an image no version or draft shows a day after its upload, and keeps the rest', async () => {
    const orphan = await uploaded();
    const recent = await uploaded();
    const published = await uploaded();
    const drafted = await uploaded();
    expect((await publishShowing(published.url)).statusCode).toBe(200);
    const draft = await app.inject({
      method: 'PUT',
      url: '/api/content/home/draft?locale=en',
      headers: bearer(editorToken),
      payload: { base_version: 1, html: `<img src="${drafted.url}" alt="სქემა">` },
    });
    expect(draft.statusCode).toBe(200);
    // The recent one is a minute old when the run comes.
    await app.database.db
      .update(contentImages)
      .set({ createdAt: new Date(Date.now() + 120_000) })
      .where(eq(contentImages.id, recent.id));

    expect(await images().removeOrphans(afterGrace())).toBeGreaterThanOrEqual(1);

    expect(await rowOf(orphan.id)).toBeUndefined();
    expect(await fileOf(orphan.id)).toBeUndefined();
    expect((await get(orphan.url, editorToken)).statusCode).toBe(404);
    expect(await rowOf(recent.id)).toBeDefined();
    expect(await fileOf(recent.id)).toBeDefined();
    expect(await rowOf(published.id)).toBeDefined();
    expect((await get(published.url)).statusCode).toBe(200);
    // An editor's draft shows it: it waits for the publish, as an editor may take days.
    expect(await rowOf(drafted.id)).toBeDefined();
    expect(await fileOf(drafted.id)).toBeDefined();
    // Nothing is left to remove.
    expect(await images().removeOrphans(afterGrace())).toBe(0);
  });

  it('races a publish showing an image: one of them wins, never a version showing a removed image', async () => {
    await images().removeOrphans(afterGrace());
    const { url, id } = await uploaded();
    const race = raceAt(app, /"content_images"/);
    const [removed, publish] = await Promise.all([
      images().removeOrphans(afterGrace()),
      publishShowing(url),
    ]);
    await race.finish();
    const current = await get('/api/content/faq');
    if (publish.statusCode === 200) {
      expect(removed).toBe(0);
      expect((await rowOf(id))?.publishedAt).toBeInstanceOf(Date);
      expect(await fileOf(id)).toBeDefined();
      expect((await get(url)).statusCode).toBe(200);
      expect(current.body).toContain(url);
    } else {
      expect(publish.statusCode).toBe(422);
      expect(removed).toBe(1);
      expect(await rowOf(id)).toBeUndefined();
      expect(await fileOf(id)).toBeUndefined();
      expect(current.body).not.toContain(url);
    }
  });
});
