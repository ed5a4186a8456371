import type { SessionUser } from '@sesxi/contract';
import { seededPageContent } from '@sesxi/contract/content-seed';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentTextSha256 } from '#app/db/consent-text-hash.ts';
import { accessLog, consents, consentTexts, contentVersions, users } from '#app/db/schema.ts';
import { sandboxStaffAccounts } from '#app/sandbox/staff-accounts.ts';
import { bearer, sandboxSupportToken } from '#app/test/accounts.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { sdaVerifiedCustomer } from '#app/test/onboarding.ts';
import { phoneSeries } from '#app/test/unique.ts';
import { sanitiseContent } from './sanitise.ts';

let app: FastifyInstance;
let editorToken: string;
let editorId: number;
let supportToken: string;
const freshPhone = phoneSeries('59417');

async function signIn(phone: string): Promise<SessionUser> {
  const account = sandboxStaffAccounts.find((staff) => staff.phone === phone);
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { phone, password: account?.password },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ user: SessionUser }>().user;
}

beforeAll(async () => {
  app = await buildTestApp();
  const editor = await signIn('599000004');
  editorToken = editor.apiToken;
  const [row] = await app.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phone, '599000004'));
  editorId = row?.id ?? 0;
  supportToken = await sandboxSupportToken(app);
});

afterAll(() => app.close());

interface Block {
  key: string;
  locale: string;
  version: number;
  html: string;
}

async function show(key: string, locale = 'ka') {
  return app.inject({ url: `/api/content/${key}?locale=${locale}` });
}

async function current(key: string, locale = 'ka'): Promise<Block> {
  const response = await show(key, locale);
  expect(response.statusCode).toBe(200);
  return response.json<{ content: Block }>().content;
}

function publish(key: string, body: object, token: string | null = editorToken) {
  return app.inject({
    method: 'PUT',
    url: `/api/content/${key}`,
    headers: token ? bearer(token) : {},
    payload: body,
  });
}

describe('GET /api/content/{key}', () => {
  it('answers the seeded version 1 of each page in both languages', async () => {
    for (const key of ['home', 'claims', 'faq'] as const) {
      for (const locale of ['ka', 'en'] as const) {
        const block = await current(key, locale);
        expect(block).toMatchObject({ key, locale });
        if (block.version === 1)
          expect(block.html).toBe(sanitiseContent(seededPageContent[key][locale]));
      }
    }
  });

  it('answers the consent wordings from the consent ledger, as HTML', async () => {
    const privacy = await current('privacy_policy');
    expect(privacy.html).toContain('<p>კონფიდენციალურობის პოლიტიკა</p>');
    expect((await current('credit_agreement', 'en')).html).toContain('Creditinfo');
    expect((await current('sda_agreement')).html).toMatch(/^<p>/);
  });

  it('answers 404 for an unknown key, 422 for an unknown language', async () => {
    expect((await show('nonsense')).statusCode).toBe(404);
    expect((await show('claims', 'de')).statusCode).toBe(422);
  });
});

describe('PUT /api/content/{key}', () => {
  it('is for content editors only: 401 without a session, 403 for other staff', async () => {
    const body = { locale: 'ka', html: '<p>ახალი</p>' };
    expect((await publish('claims', body, null)).statusCode).toBe(401);
    expect((await publish('claims', body, supportToken)).statusCode).toBe(403);
    const officer = await signIn('599000002');
    expect((await publish('claims', body, officer.apiToken)).statusCode).toBe(403);
  });

  it('publishes a new version that visitors get, and keeps the old row', async () => {
    const before = await current('claims');
    const response = await publish('claims', { locale: 'ka', html: '<p>საჩივრის ახალი წესი</p>' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ content: Block }>().content).toEqual({
      key: 'claims',
      locale: 'ka',
      version: before.version + 1,
      html: '<p>საჩივრის ახალი წესი</p>',
    });
    expect(await current('claims')).toMatchObject({ version: before.version + 1 });
    // The English text is its own line of versions.
    expect((await current('claims', 'en')).html).toContain('How to complain');
    const rows = await app.database.db
      .select()
      .from(contentVersions)
      .where(and(eq(contentVersions.key, 'claims'), eq(contentVersions.locale, 'ka')));
    expect(rows.map((row) => row.version).sort()).toEqual(
      Array.from({ length: before.version + 1 }, (_, index) => index + 1),
    );
    expect(rows.find((row) => row.version === before.version)?.html).toBe(before.html);
    expect(rows.find((row) => row.version === before.version + 1)?.createdBy).toBe(editorId);
  });

  it('refuses to change a published version (the table is append-only)', async () => {
    await expect(
      app.database.db.update(contentVersions).set({ html: '<p>x</p>' }),
    ).rejects.toThrow();
  });

  it('writes every publish to the access log with its author', async () => {
    const response = await publish('faq', { locale: 'en', html: '<h2>Q?</h2><p>A.</p>' });
    const { version } = response.json<{ content: Block }>().content;
    const [entry] = await app.database.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.action, 'content.publish'))
      .orderBy(desc(accessLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      actorUserId: editorId,
      subjectUserIds: [],
      details: { key: 'faq', locale: 'en', version },
    });
  });

  it('answers field-keyed Georgian 422s for bad input, 404 for an unknown key', async () => {
    const empty = await publish('claims', { locale: 'ka', html: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json<Record<string, string[]>>().html).toEqual(['ველის შევსება სავალდებულოა']);
    const onlyScript = await publish('claims', { locale: 'ka', html: '<script>alert(1)</script>' });
    expect(onlyScript.statusCode).toBe(422);
    expect(onlyScript.json<Record<string, unknown>>().html).toBeDefined();
    const long = await publish('claims', { locale: 'ka', html: `<p>${'a'.repeat(100_001)}</p>` });
    expect(long.statusCode).toBe(422);
    expect(long.json<Record<string, string[]>>().html?.[0]).toMatch(/მაქსიმუმ 100000/);
    const noLocale = await publish('claims', { html: '<p>x</p>' });
    expect(noLocale.statusCode).toBe(422);
    expect(noLocale.json<Record<string, unknown>>().locale).toBeDefined();
    expect((await publish('nonsense', { locale: 'ka', html: '<p>x</p>' })).statusCode).toBe(404);
  });

  it('sanitises: a script, an onerror, a javascript: link and a foreign iframe never reach visitors', async () => {
    const hostile = [
      '<p>სუფთა<script>alert(1)</script></p>',
      '<img src="x" onerror="alert(1)">',
      '<p><a href="javascript:alert(1)">link</a><a href="https://nbg.gov.ge" onclick="x" target="_blank">nbg</a></p>',
      '<iframe src="https://evil.example/embed/x"></iframe>',
      '<p style="color:red" onmouseover="x">styled</p>',
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="ვიდეო"></iframe>',
    ].join('');
    expect((await publish('faq', { locale: 'ka', html: hostile })).statusCode).toBe(200);
    const { html } = await current('faq');
    expect(html).not.toMatch(/script|onerror|onclick|onmouseover|javascript:|evil|style=|target=/);
    expect(html).toContain('<p>სუფთა</p>');
    expect(html).toContain('<a href="https://nbg.gov.ge" rel="noopener noreferrer">nbg</a>');
    expect(html).toContain(
      '<div data-video="youtube" data-id="dQw4w9WgXcQ" data-title="ვიდეო"></div>',
    );
    expect(html).not.toContain('<iframe');
  });
});

describe('POST /api/content/preview', () => {
  function preview(html: unknown, token: string | null = editorToken) {
    return app.inject({
      method: 'POST',
      url: '/api/content/preview',
      headers: token ? bearer(token) : {},
      payload: { html },
    });
  }

  it('is for content editors only: 401 without a session, 403 for other staff', async () => {
    expect((await preview('<p>x</p>', null)).statusCode).toBe(401);
    expect((await preview('<p>x</p>', supportToken)).statusCode).toBe(403);
  });

  it('answers the HTML exactly as a publish would store it, and stores nothing', async () => {
    const before = await current('claims');
    const html = [
      '<p><a href="http://nbg.gov.ge">http</a> <a href="https://nbg.gov.ge">https</a></p>',
      '<div><img src="/api/content/images/3f0c1b2a-1111-4222-8333-444455556666" alt="a"></div>',
      '<div data-video="youtube" data-id="dQw4w9WgXcQ"><div>ჩასმული</div></div>',
      '<p onclick="x">ტექსტი<script>alert(1)</script></p>',
    ].join('');
    const response = await preview(html);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success', html: sanitiseContent(html) });
    expect(response.json<{ html: string }>().html).toBe(
      '<p>http <a href="https://nbg.gov.ge" rel="noopener noreferrer">https</a></p>' +
        '<img src="/api/content/images/3f0c1b2a-1111-4222-8333-444455556666" alt="a" />' +
        '<div data-video="youtube" data-id="dQw4w9WgXcQ"></div><p>ტექსტი</p>',
    );
    expect(await current('claims')).toEqual(before);
  });

  it('answers an empty text empty, and 422 for a missing or overlong one', async () => {
    expect((await preview('')).json()).toEqual({ status: 'success', html: '' });
    expect((await preview(undefined)).statusCode).toBe(422);
    const long = await preview(`<p>${'a'.repeat(100_001)}</p>`);
    expect(long.statusCode).toBe(422);
    expect(long.json<Record<string, string[]>>().html?.[0]).toMatch(/მაქსიმუმ 100000/);
  });
});

describe('NUL in content', () => {
  it('is refused under the field, never a 500: in a publish and in a preview', async () => {
    const refused = { html: ['შეიცავს დაუშვებელ სიმბოლოს'] };
    const response = await publish('claims', { locale: 'ka', html: '<p>ა\u0000ბ</p>' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject(refused);
    const consent = await publish('sda_agreement', { locale: 'en', html: '<p>a\u0000b</p>' });
    expect(consent.statusCode).toBe(422);
    const preview = await app.inject({
      method: 'POST',
      url: '/api/content/preview',
      headers: bearer(editorToken),
      payload: { html: '<p>a\u0000b</p>' },
    });
    expect(preview.statusCode).toBe(422);
    expect(preview.json()).toMatchObject(refused);
  });
});

describe('consent wordings', () => {
  it('publishes into the consent ledger: old consents keep the wording agreed, new ones get the new', async () => {
    const before = await sdaVerifiedCustomer(app, { phone: freshPhone() });
    const [earlier] = await app.database.db
      .select()
      .from(consents)
      .where(eq(consents.userId, before.user.id));
    expect(earlier).toBeDefined();
    const [oldWording] = await app.database.db
      .select()
      .from(consentTexts)
      .where(eq(consentTexts.id, earlier?.consentTextId ?? 0));

    const response = await publish('sda_agreement', {
      locale: 'ka',
      html: '<p>ახალი თანხმობა</p><p>მეორე <strong>აბზაცი</strong></p>',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ content: Block }>().content.version).toBe(
      (oldWording?.version ?? 0) + 1,
    );

    // The consent screen shows the new wording, as text and with its formatting.
    const screen = await app.inject({ url: '/api/sda-checking', headers: bearer(before.token) });
    expect(screen.json()).toEqual({
      status: 'success',
      sda_info_text: 'ახალი თანხმობა\nმეორე აბზაცი',
      sda_info_html: '<p>ახალი თანხმობა</p><p>მეორე <strong>აბზაცი</strong></p>',
      sda_info_version: (oldWording?.version ?? 0) + 1,
      sda_info_sha256: consentTextSha256('ახალი თანხმობა\nმეორე აბზაცი'),
    });
    const after = await sdaVerifiedCustomer(app, { phone: freshPhone() });
    const [later] = await app.database.db
      .select()
      .from(consents)
      .where(eq(consents.userId, after.user.id));
    expect(later?.consentTextId).not.toBe(earlier?.consentTextId);

    // The earlier consent still points at the wording agreed, unchanged.
    const [still] = await app.database.db
      .select()
      .from(consents)
      .where(eq(consents.id, earlier?.id ?? 0));
    expect(still?.consentTextId).toBe(earlier?.consentTextId);
    const [unchanged] = await app.database.db
      .select()
      .from(consentTexts)
      .where(eq(consentTexts.id, earlier?.consentTextId ?? 0));
    expect(unchanged).toEqual(oldWording);
  });

  it('keeps the English wording a line of its own that consents are not recorded against', async () => {
    const response = await publish('privacy_policy', { locale: 'en', html: '<p>New policy</p>' });
    expect(response.statusCode).toBe(200);
    expect((await current('privacy_policy', 'en')).html).toBe('<p>New policy</p>');
    expect((await current('privacy_policy', 'ka')).html).toContain('კონფიდენციალურობის');
  });
});

describe('the preview’s rate limit', () => {
  it('allows an editor 120 previews a minute, then answers 429 with Retry-After', async () => {
    const ask = () =>
      app.inject({
        method: 'POST',
        url: '/api/content/preview',
        headers: bearer(editorToken),
        payload: { html: '<p>x</p>' },
      });
    // A few previews of the tests above count too.
    const answers: number[] = [];
    for (let call = 0; call < 120; call++) answers.push((await ask()).statusCode);
    const allowed = answers.filter((status) => status === 200).length;
    expect(allowed).toBeGreaterThan(100);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
