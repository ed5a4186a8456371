import type { ContentBlock, ContentDraft, ContentVersionEntry } from '@sesxi/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog, contentVersions, users } from '#app/db/schema.ts';
import { sandboxStaffAccounts } from '#app/sandbox/staff-accounts.ts';
import { bearer, sandboxStaffToken, sandboxSupportToken } from '#app/test/accounts.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { startSession } from '#app/test/onboarding.ts';
import { phoneSeries } from '#app/test/unique.ts';

let app: FastifyInstance;
let editorToken: string;
let editorId: number;
/** A second content editor: drafts are each editor's own. */
let otherEditorToken: string;
let supportToken: string;
const lali = sandboxStaffAccounts.find((account) => account.roles.includes('content_editor'));

beforeAll(async () => {
  app = await buildTestApp();
  if (!lali) throw new Error('the sandbox has no content editor');
  editorToken = await sandboxStaffToken(app, lali);
  const [row] = await app.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, lali.phone));
  editorId = row?.id ?? 0;
  const [other] = await app.database.db
    .insert(users)
    .values({
      name: 'ნინო',
      surname: 'კაპანაძე',
      phone: phoneSeries('59418')(),
      passwordHash: 'x',
      roles: ['content_editor'],
    })
    .returning({ id: users.id });
  otherEditorToken = await startSession(app, other?.id ?? 0);
  supportToken = await sandboxSupportToken(app);
});

afterAll(() => app.close());

function call(
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  token: string | null = editorToken,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload && { payload }),
  });
}

const draftUrl = (key: string, locale = 'ka') => `/api/content/${key}/draft?locale=${locale}`;
const discardUrl = (key: string, locale = 'ka') =>
  `/api/content/${key}/draft/discard?locale=${locale}`;

async function draftOf(key: string, token = editorToken, locale = 'ka') {
  const response = await call('GET', draftUrl(key, locale), token);
  expect(response.statusCode).toBe(200);
  return response.json<{ draft: ContentDraft | null }>().draft;
}

async function publish(key: string, html: string, locale = 'ka'): Promise<ContentBlock> {
  const response = await call('PUT', `/api/content/${key}`, editorToken, { locale, html });
  expect(response.statusCode).toBe(200);
  return response.json<{ content: ContentBlock }>().content;
}

async function versionsOf(key: string, locale = 'ka') {
  const response = await call('GET', `/api/content/${key}/versions?locale=${locale}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ versions: ContentVersionEntry[] }>().versions;
}

describe('drafts', () => {
  it('are for content editors only: 401 without a session, 403 for other staff', async () => {
    const body = { base_version: 1, html: '<p>x</p>' };
    for (const token of [null, supportToken]) {
      const status = token ? 403 : 401;
      expect((await call('GET', draftUrl('home'), token)).statusCode).toBe(status);
      expect((await call('PUT', draftUrl('home'), token, body)).statusCode).toBe(status);
      expect((await call('POST', discardUrl('home'), token)).statusCode).toBe(status);
    }
  });

  it('keep an editor’s text sanitised, per key and language, for that editor only, until discarded', async () => {
    expect(await draftOf('home')).toBeNull();
    const saved = await call('PUT', draftUrl('home'), editorToken, {
      base_version: 1,
      html: '<p>მონახაზი<script>alert(1)</script></p><p></p>',
    });
    expect(saved.statusCode).toBe(200);
    const draft = saved.json<{ draft: ContentDraft }>().draft;
    expect(draft).toEqual({
      key: 'home',
      locale: 'ka',
      base_version: 1,
      html: '<p>მონახაზი</p>',
      saved_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) as unknown,
    });
    expect(await draftOf('home')).toEqual(draft);
    // The other language, and the other editor, have none.
    expect(await draftOf('home', editorToken, 'en')).toBeNull();
    expect(await draftOf('home', otherEditorToken)).toBeNull();

    // A later save replaces it: one draft a text.
    await call('PUT', draftUrl('home'), editorToken, { base_version: 1, html: '<p>მეორე</p>' });
    expect(await draftOf('home')).toMatchObject({ html: '<p>მეორე</p>' });

    expect((await call('POST', discardUrl('home'))).statusCode).toBe(200);
    expect(await draftOf('home')).toBeNull();
  });

  it('go with a publish of their editor’s, and stay with other editors', async () => {
    const body = { base_version: 1, html: '<p>რედაქტორის მონახაზი</p>' };
    await call('PUT', draftUrl('faq', 'en'), editorToken, body);
    await call('PUT', draftUrl('faq', 'en'), otherEditorToken, body);
    await publish('faq', '<p>Published</p>', 'en');
    expect(await draftOf('faq', editorToken, 'en')).toBeNull();
    expect(await draftOf('faq', otherEditorToken, 'en')).toMatchObject(body);
  });

  it('answer field-keyed Georgian 422s for bad input, 404 for an unknown key', async () => {
    const noVersion = await call('PUT', draftUrl('home'), editorToken, { html: '<p>x</p>' });
    expect(noVersion.statusCode).toBe(422);
    expect(noVersion.json<Record<string, string[]>>().base_version).toEqual([
      'ველის შევსება სავალდებულოა',
    ]);
    const long = await call('PUT', draftUrl('home'), editorToken, {
      base_version: 1,
      html: `<p>${'a'.repeat(100_001)}</p>`,
    });
    expect(long.statusCode).toBe(422);
    expect(long.json<Record<string, string[]>>().html?.[0]).toMatch(/მაქსიმუმ 100000/);
    const noLocale = await call('GET', '/api/content/home/draft');
    expect(noLocale.statusCode).toBe(422);
    expect(noLocale.json<Record<string, string[]>>().locale).toEqual([
      'ველის შევსება სავალდებულოა',
    ]);
    expect((await call('GET', draftUrl('nonsense'))).statusCode).toBe(404);
    expect(
      (await call('PUT', draftUrl('nonsense'), editorToken, { base_version: 1, html: '' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('versions', () => {
  it('are for content editors only', async () => {
    for (const token of [null, supportToken]) {
      const status = token ? 403 : 401;
      expect((await call('GET', '/api/content/home/versions?locale=ka', token)).statusCode).toBe(
        status,
      );
      expect((await call('GET', '/api/content/home/versions/1?locale=ka', token)).statusCode).toBe(
        status,
      );
      expect(
        (await call('POST', '/api/content/home/versions/1/restore?locale=ka', token)).statusCode,
      ).toBe(status);
    }
  });

  it('are listed newest first with who published each and when; the seed’s by nobody', async () => {
    const published = await publish('home', '<p>ახალი მთავარი</p>');
    const versions = await versionsOf('home');
    expect(versions[0]).toEqual({
      version: published.version,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) as unknown,
      editor: { name: lali?.name, surname: lali?.surname },
      restored_from: null,
    });
    expect(versions.map((entry) => entry.version)).toEqual(
      Array.from({ length: published.version }, (_, index) => published.version - index),
    );
    expect(versions.at(-1)).toMatchObject({ version: 1, editor: null });
  });

  it('are each shown, and restoring one publishes its text as a new version, recorded with who restored it', async () => {
    const first = await call('GET', '/api/content/home/versions/1?locale=ka');
    expect(first.statusCode).toBe(200);
    const seeded = first.json<{ content: ContentBlock }>().content;
    expect(seeded).toMatchObject({ key: 'home', locale: 'ka', version: 1 });
    expect(seeded.html).toContain('როგორ მუშაობს');

    await publish('home', '<p>შეცდომით გამოქვეყნებული</p>');
    const restored = await call('POST', '/api/content/home/versions/1/restore?locale=ka');
    expect(restored.statusCode).toBe(200);
    const content = restored.json<{ content: ContentBlock }>().content;
    const [latest] = await versionsOf('home');
    expect(content).toEqual({ ...seeded, version: latest?.version });
    expect(latest).toMatchObject({
      editor: { name: lali?.name, surname: lali?.surname },
      restored_from: 1,
    });
    // Visitors get it, and version 1 is still there as it was.
    const shown = await call('GET', '/api/content/home?locale=ka', null);
    expect(shown.json<{ content: ContentBlock }>().content).toEqual(content);
    const [row] = await app.database.db
      .select()
      .from(contentVersions)
      .where(and(eq(contentVersions.key, 'home'), eq(contentVersions.version, content.version)));
    expect(row).toMatchObject({ createdBy: editorId, restoredFrom: 1 });
    const [entry] = await app.database.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.action, 'content.publish'))
      .orderBy(desc(accessLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      actorUserId: editorId,
      details: { key: 'home', locale: 'ka', version: content.version, restored_from: 1 },
    });
  });

  it('of a consent wording are the consent ledger’s, a seeded one restored as HTML', async () => {
    const [seeded] = (await versionsOf('credit_agreement', 'en')).slice(-1);
    await publish('credit_agreement', '<p>A new wording</p>', 'en');
    const restored = await call(
      'POST',
      `/api/content/credit_agreement/versions/${String(seeded?.version)}/restore?locale=en`,
    );
    expect(restored.statusCode).toBe(200);
    const content = restored.json<{ content: ContentBlock }>().content;
    expect(content.html).toMatch(/^<p>.*Creditinfo/);
    expect((await versionsOf('credit_agreement', 'en'))[0]).toMatchObject({
      version: content.version,
      restored_from: seeded?.version,
    });
  });

  it('answer 404 for a version there is not, or a key there is not; 422 without a language', async () => {
    expect((await call('GET', '/api/content/home/versions/999?locale=ka')).statusCode).toBe(404);
    expect((await call('GET', '/api/content/home/versions/x?locale=ka')).statusCode).toBe(404);
    expect((await call('GET', '/api/content/home/versions/0?locale=ka')).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/content/home/versions/999/restore?locale=ka')).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/content/nonsense/versions?locale=ka')).statusCode).toBe(404);
    const noLocale = await call('POST', '/api/content/home/versions/1/restore');
    expect(noLocale.statusCode).toBe(422);
    expect(noLocale.json<Record<string, unknown>>().locale).toBeDefined();
  });
});

describe('publishing the editor’s text again and again', () => {
  it('keeps it as it is: no empty paragraph is added at the end', async () => {
    // What the editor writes for a text ending in a list: its trailing paragraph after it.
    let html = '<p>ტექსტი</p><ul><li><p>პუნქტი</p></li></ul><p></p>';
    const stored: string[] = [];
    for (let time = 0; time < 3; time++) {
      html = (await publish('claims', html, 'en')).html;
      stored.push(html);
      html += '<p></p>';
    }
    expect(stored).toEqual(Array(3).fill('<p>ტექსტი</p><ul><li><p>პუნქტი</p></li></ul>'));
  });
});
