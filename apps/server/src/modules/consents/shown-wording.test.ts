import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { consentTextSha256 } from '#app/db/consent-text-hash.ts';
import { consents, consentTexts, users, type ConsentKind } from '#app/db/schema.ts';
import {
  bearer,
  completedSsoToken,
  postRegistration,
  registerCustomer,
} from '#app/test/accounts.ts';
import { publishConsentWording } from '#app/test/consent-wordings.ts';
import { createLoanViaApi, loanStatusOf, loanTestApp } from '#app/test/loans.ts';
import { checkSda, onboardedCustomer } from '#app/test/onboarding.ts';
import { confirmPhone } from '#app/test/phone-codes.ts';
import { testClock } from '#app/test/test-clock.ts';
import { phoneSeries } from '#app/test/unique.ts';

const clock = testClock();
const freshPhone = phoneSeries('59831');
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await loanTestApp({ clock }));
});

afterAll(() => close());

afterEach(() => {
  vi.restoreAllMocks();
});

const wordingChanged = 'ტექსტი შეიცვალა, გთხოვთ, წაიკითხოთ ხელახლა';

/** The 409 of a wording published since the screen showed it, under the consent's box. */
const changedUnder = (field: string) => ({
  status: 'error',
  message: wordingChanged,
  [field]: [wordingChanged],
});

function consentsOf(userId: number, kind: ConsentKind) {
  return app.database.db
    .select({ version: consentTexts.version, textSha256: consents.textSha256 })
    .from(consents)
    .innerJoin(consentTexts, eq(consentTexts.id, consents.consentTextId))
    .where(and(eq(consents.userId, userId), eq(consents.kind, kind)));
}

/** What a consent screen's GET answered, under the field names of `prefix`. */
async function shown(url: string, prefix: string, token?: string) {
  const response = await app.inject({ url, headers: token ? bearer(token) : {} });
  expect(response.statusCode).toBe(200);
  const body = response.json<Record<string, unknown>>();
  return {
    text: body[`${prefix}_text`] as string,
    version: body[`${prefix}_version`] as number,
    sha256: body[`${prefix}_sha256`] as string,
  };
}

describe('the credit-bureau consent, POST /api/credit-info/{id}', () => {
  const agree = (token: string, id: number, extra: object = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/credit-info/${id}`,
      headers: bearer(token),
      payload: { credit_info: true, agreed_at: '2026-11-23 14:00:00', ...extra },
    });

  it('answers 409 and records nothing when an editor published a new wording after the GET', async () => {
    const { user, token } = await onboardedCustomer(app, { phone: freshPhone() });
    const id = await createLoanViaApi(app, token);
    const before = await shown(`/api/credit-info/${id}`, 'credit_info', token);
    expect(before.sha256).toBe(consentTextSha256(before.text));

    const published = await publishConsentWording(
      app,
      'credit_agreement',
      '<p>ახალი თანხმობა საკრედიტო ბიუროზე</p>',
    );
    expect(published).toBe(before.version + 1);

    const stale = await agree(token, id, { credit_info_version: before.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual(changedUnder('credit_info'));
    expect(await consentsOf(user.id, 'credit_information')).toEqual([]);
    expect(await loanStatusOf(app, id)).toBe('draft');

    // Read again, the new wording is the one agreed to.
    const after = await shown(`/api/credit-info/${id}`, 'credit_info', token);
    expect(after).toEqual({
      text: 'ახალი თანხმობა საკრედიტო ბიუროზე',
      version: published,
      sha256: consentTextSha256('ახალი თანხმობა საკრედიტო ბიუროზე'),
    });
    expect((await agree(token, id, { credit_info_version: after.version })).statusCode).toBe(200);
    expect(await consentsOf(user.id, 'credit_information')).toEqual([
      { version: published, textSha256: after.sha256 },
    ]);
  });

  it('says so in English when asked', async () => {
    const { token } = await onboardedCustomer(app, { phone: freshPhone() });
    const id = await createLoanViaApi(app, token);
    const { version } = await shown(`/api/credit-info/${id}`, 'credit_info', token);
    await publishConsentWording(app, 'credit_agreement', '<p>კიდევ ერთი რედაქცია</p>');
    const stale = await app.inject({
      method: 'POST',
      url: `/api/credit-info/${id}`,
      headers: { ...bearer(token), 'accept-language': 'en' },
      payload: {
        credit_info: true,
        agreed_at: '2026-11-23 14:00:00',
        credit_info_version: version,
      },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: 'The text has changed, please read it again',
      credit_info: ['The text has changed, please read it again'],
    });
  });

  it('takes a client that names no version (the spec’s payload) to agree to the current wording', async () => {
    const { user, token } = await onboardedCustomer(app, { phone: freshPhone() });
    const id = await createLoanViaApi(app, token);
    const published = await publishConsentWording(app, 'credit_agreement', '<p>მიმდინარე</p>');
    expect((await agree(token, id)).statusCode).toBe(200);
    expect(await consentsOf(user.id, 'credit_information')).toEqual([
      { version: published, textSha256: consentTextSha256('მიმდინარე') },
    ]);
  });
});

describe('the personal-data check, POST /api/sda-checking', () => {
  async function registered() {
    const phone = freshPhone();
    const user = await registerCustomer(app, {
      phone,
      identity: {
        givenName: 'გიორგი',
        familyName: 'ბერიძე',
        personalNumber: `01001${phone.slice(5)}11`,
      },
    });
    const [row] = await app.database.db.select().from(users).where(eq(users.phone, phone));
    return { token: user.apiToken, userId: row?.id ?? 0 };
  }

  it.each([
    [
      'the spec’s sda_agreement_text',
      (old: { text: string }) => ({ sda_agreement_text: old.text }),
    ],
    ['the version shown', (old: { version: number }) => ({ sda_info_version: old.version })],
  ])(
    'answers 409 to %s of a wording since replaced, before asking the registry',
    async (_, sent) => {
      const { token, userId } = await registered();
      const before = await shown('/api/sda-checking', 'sda_info', token);
      await publishConsentWording(app, 'sda_agreement', `<p>ახალი SDA თანხმობა ${userId}</p>`);
      const registry = vi.spyOn(app.sdaRegistry, 'check');

      const stale = await checkSda(app, token, sent(before));
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual(changedUnder('is_sda_verified'));
      expect(registry).not.toHaveBeenCalled();
      expect(await consentsOf(userId, 'sda_information')).toEqual([]);

      const after = await shown('/api/sda-checking', 'sda_info', token);
      const agreed = await checkSda(app, token, {
        sda_agreement_text: after.text,
        sda_info_version: after.version,
      });
      expect(agreed.json()).toEqual({ status: 'success' });
      expect(await consentsOf(userId, 'sda_information')).toEqual([
        { version: after.version, textSha256: after.sha256 },
      ]);
    },
  );
});

describe('registration’s privacy policy, POST /api/register', () => {
  it('answers 409 to the privacy policy shown before a publish, spending neither the sign-in nor the code', async () => {
    const phone = freshPhone();
    const identity = {
      givenName: 'ნინო',
      familyName: 'კაპანაძე',
      personalNumber: `02002${phone.slice(3)}`,
    };
    const before = await shown('/api/register', 'privacy_policy_info');
    await confirmPhone(app, phone);
    const sso_token = await completedSsoToken(app, identity);
    await publishConsentWording(app, 'privacy_policy', `<p>ახალი პოლიტიკა ${phone}</p>`);

    for (const sent of [
      { privacy_policy_info_version: before.version },
      { privacy_policy_agreement_text: before.text },
    ]) {
      const stale = await postRegistration(app, { phone, sso_token }, sent);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual(changedUnder('privacy_policy'));
    }
    expect(await app.database.db.select().from(users).where(eq(users.phone, phone))).toEqual([]);

    const after = await shown('/api/register', 'privacy_policy_info');
    const registered = await postRegistration(
      app,
      { phone, sso_token },
      {
        privacy_policy_info_version: after.version,
        privacy_policy_agreement_text: after.text,
      },
    );
    expect(registered.statusCode).toBe(200);
    const [user] = await app.database.db.select().from(users).where(eq(users.phone, phone));
    expect(await consentsOf(user?.id ?? 0, 'privacy_policy')).toEqual([
      { version: after.version, textSha256: after.sha256 },
    ]);
  });
});

describe('GET /api/questionnaires', () => {
  it('names the privacy policy’s version and hash beside its text', async () => {
    const { token } = await onboardedCustomer(app, { phone: freshPhone() });
    const version = await publishConsentWording(app, 'privacy_policy', '<p>კითხვარის პოლიტიკა</p>');
    const response = await app.inject({ url: '/api/questionnaires', headers: bearer(token) });
    expect(response.json()).toMatchObject({
      privacy_policy_agreement_text: 'კითხვარის პოლიტიკა',
      privacy_policy_info_version: version,
      privacy_policy_info_sha256: consentTextSha256('კითხვარის პოლიტიკა'),
    });
  });
});

describe('the wordings’ hashes', () => {
  it('follow one rule, seeded and published alike: SHA-256 of the text served', async () => {
    await publishConsentWording(app, 'sda_agreement', '<p>ერთი <strong>წესი</strong></p>');
    const wordings = await app.database.db.select().from(consentTexts);
    expect(wordings.some(({ createdBy }) => createdBy === null)).toBe(true);
    expect(wordings.some(({ html, body }) => html !== null && html !== body)).toBe(true);
    for (const { body, sha256 } of wordings) expect(sha256).toBe(consentTextSha256(body));
  });
});
