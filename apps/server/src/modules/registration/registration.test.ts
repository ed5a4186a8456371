import type { registerForm, ResponseOf } from '@sesxi/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, consentTexts, phoneCodes, users } from '#app/db/schema.ts';
import type { VerifiedIdentity } from '#app/integrations/sso/identity-provider.ts';
import { textToHtml } from '#app/modules/content/index.ts';
import {
  bearer,
  completedSsoToken,
  postRegistration,
  registerCustomer,
} from '#app/test/accounts.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { confirmPhone } from '#app/test/phone-codes.ts';
import { testClock } from '#app/test/test-clock.ts';
import { phoneSeries } from '#app/test/unique.ts';
import { raceAt } from '#app/test/race.ts';

const clock = testClock();
let app: FastifyInstance;
const freshPhone = phoneSeries('59720');

/** A phone and an identity no other test uses. */
function newcomer(): { phone: string; identity: VerifiedIdentity } {
  const phone = freshPhone();
  return {
    phone,
    identity: {
      givenName: 'ნინო',
      familyName: 'კაპანაძე',
      personalNumber: `02002${phone.slice(3)}`,
    },
  };
}

beforeAll(async () => {
  app = await buildTestApp({}, { clock });
});

afterAll(() => app.close());

async function storedUser(phone: string) {
  const [user] = await app.database.db.select().from(users).where(eq(users.phone, phone));
  return user;
}

describe('GET /api/register', () => {
  it('offers the document types in Georgian and the latest privacy policy', async () => {
    const response = await app.inject({ url: '/api/register' });
    expect(response.statusCode).toBe(200);
    const body = response.json<ResponseOf<typeof registerForm>>();
    expect(body.documentTypes).toEqual([
      { id: expect.any(Number) as number, name: 'პირადობის მოწმობა' },
      { id: expect.any(Number) as number, name: 'პასპორტი' },
    ]);
    const [latest] = await app.database.db
      .select()
      .from(consentTexts)
      .where(eq(consentTexts.kind, 'privacy_policy'));
    expect(body.privacy_policy_info_text).toBe(latest?.body);
    expect(body.privacy_policy_info_html).toBe(textToHtml(latest?.body ?? ''));
    expect(body.privacy_policy_info_version).toBe(latest?.version);
    expect(body.privacy_policy_info_sha256).toBe(latest?.sha256);
  });

  it('names the document types in English when asked', async () => {
    const response = await app.inject({
      url: '/api/register',
      headers: { 'accept-language': 'en' },
    });
    expect(response.json()).toMatchObject({
      documentTypes: [{ name: 'ID card' }, { name: 'Passport' }],
    });
  });
});

describe('POST /api/register', () => {
  it('creates the account from the SSO identity and signs it in', async () => {
    const { phone, identity } = newcomer();
    await confirmPhone(app, phone);
    const response = await postRegistration(app, {
      phone,
      sso_token: await completedSsoToken(app, identity),
    });
    expect(response.statusCode).toBe(200);
    const { user } = response.json<{ user: Record<string, unknown> }>();
    expect(user).toEqual({
      apiToken: expect.stringMatching(/^[\w-]{43}$/) as string,
      name: 'ნინო',
      surname: 'კაპანაძე',
      phone,
      is_sda_verified: false,
      has_questionnaire: false,
      is_identomat_verified: false,
      isSupport: false,
      roles: [],
      must_change_password: false,
    });
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: bearer(String(user.apiToken)),
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('takes identity and phone confirmation from the server, never from the body', async () => {
    const { phone, identity } = newcomer();
    await confirmPhone(app, phone);
    const [code] = await app.database.db
      .select()
      .from(phoneCodes)
      .where(eq(phoneCodes.phone, phone));
    clock.advance(60_000);
    const response = await postRegistration(
      app,
      { phone, sso_token: await completedSsoToken(app, identity) },
      {
        name: 'Mallory',
        surname: 'Forger',
        identity_number: '99999999999',
        phone_verified_at: '2020-01-01 00:00:00',
        is_support: true,
        isSupport: true,
        roles: ['support'],
        is_sda_verified: true,
      },
    );
    expect(response.statusCode).toBe(200);
    const user = await storedUser(phone);
    expect(user).toMatchObject({
      name: identity.givenName,
      surname: identity.familyName,
      identityNumber: identity.personalNumber,
      phoneVerifiedAt: code?.confirmedAt,
      roles: [],
      isStaff: false,
      isSdaVerified: false,
      documentNumber: '13AB45678',
    });
  });

  it('stores the password as argon2id with m=19456, t=2, p=1', async () => {
    const { phone, identity } = newcomer();
    await registerCustomer(app, { phone, identity });
    expect((await storedUser(phone))?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('records the privacy-policy consent with the exact wording, time, address and browser', async () => {
    const { phone, identity } = newcomer();
    await registerCustomer(app, { phone, identity });
    const user = await storedUser(phone);
    const [consent] = await app.database.db
      .select()
      .from(consents)
      .innerJoin(consentTexts, eq(consentTexts.id, consents.consentTextId))
      .where(eq(consents.userId, user?.id ?? 0));
    expect(consent?.consents).toMatchObject({
      kind: 'privacy_policy',
      textSha256: consent?.consent_texts.sha256,
      agreedAt: clock.now(),
      ip: '127.0.0.1',
      userAgent: 'vitest-browser/1.0',
    });
    expect(consent?.consent_texts.kind).toBe('privacy_policy');
  });

  it('needs a completed registration sign-on, under sso_token', async () => {
    const { phone } = newcomer();
    await confirmPhone(app, phone);
    for (const sso_token of [
      '',
      'x'.repeat(43),
      await completedSsoToken(app, newcomer().identity, 'loan'),
    ]) {
      const response = await postRegistration(app, { phone, sso_token });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        sso_token: ['გთხოვთ, ჯერ გაიაროთ SSO ავტორიზაცია'],
      });
    }
  });

  it('spends the sign-on: its identity registers once', async () => {
    const first = newcomer();
    const second = newcomer();
    const sso_token = await completedSsoToken(app, first.identity);
    await confirmPhone(app, first.phone);
    await confirmPhone(app, second.phone);
    expect((await postRegistration(app, { phone: first.phone, sso_token })).statusCode).toBe(200);
    const again = await postRegistration(app, { phone: second.phone, sso_token });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toHaveProperty('sso_token');
  });

  it('refuses a sign-on older than its 30 minutes of use', async () => {
    const { phone, identity } = newcomer();
    const sso_token = await completedSsoToken(app, identity);
    clock.advance(30 * 60_000);
    await confirmPhone(app, phone);
    const response = await postRegistration(app, { phone, sso_token });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toHaveProperty('sso_token');
  });

  it('needs the phone confirmed by a code, under phone', async () => {
    const { phone, identity } = newcomer();
    const response = await postRegistration(app, {
      phone,
      sso_token: await completedSsoToken(app, identity),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      phone: ['გთხოვთ, დაადასტუროთ ტელეფონის ნომერი SMS კოდით'],
    });
  });

  it('refuses a confirmation older than 30 minutes', async () => {
    const { phone, identity } = newcomer();
    await confirmPhone(app, phone);
    clock.advance(30 * 60_000 + 1);
    const response = await postRegistration(app, {
      phone,
      sso_token: await completedSsoToken(app, identity),
    });
    expect(response.json()).toHaveProperty('phone');
  });

  it('spends the confirmed code: one registration per confirmation', async () => {
    const { phone, identity } = newcomer();
    await confirmPhone(app, phone);
    const first = await postRegistration(app, {
      phone,
      sso_token: await completedSsoToken(app, identity),
    });
    expect(first.statusCode).toBe(200);
    const [code] = await app.database.db
      .select()
      .from(phoneCodes)
      .where(eq(phoneCodes.phone, phone));
    expect(code?.consumedAt).toEqual(clock.now());
  });

  it('allows one account per personal number, under identity_number', async () => {
    const first = newcomer();
    await registerCustomer(app, first);
    const { phone } = newcomer();
    await confirmPhone(app, phone);
    const response = await postRegistration(app, {
      phone,
      sso_token: await completedSsoToken(app, first.identity),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      identity_number: ['ამ პირადი ნომრით ანგარიში უკვე არსებობს'],
    });
  });

  it('allows one account per phone, under phone', async () => {
    const { phone } = newcomer();
    await confirmPhone(app, phone);
    const [one, two] = [newcomer(), newcomer()];
    const tokens = [
      await completedSsoToken(app, one.identity),
      await completedSsoToken(app, two.identity),
    ];
    const race = raceAt(app, /^insert into "users"/);
    const response = await Promise.all(
      tokens.map((token) => postRegistration(app, { phone, sso_token: token })),
    );
    await race.finish();
    expect(response.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    const refused = response.find((answer) => answer.statusCode === 422);
    expect(refused?.json()).toHaveProperty('phone');
  });

  it('answers two registrations of one person at once with one account and one 422', async () => {
    const person = newcomer();
    const other = newcomer();
    await confirmPhone(app, person.phone);
    await confirmPhone(app, other.phone);
    const [mine, again] = [
      await completedSsoToken(app, person.identity),
      await completedSsoToken(app, person.identity),
    ];
    const race = raceAt(app, /^insert into "users"/);
    const answers = await Promise.all([
      postRegistration(app, { phone: person.phone, sso_token: mine }),
      postRegistration(app, { phone: other.phone, sso_token: again }),
    ]);
    await race.finish();
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.statusCode === 422)?.json()).toHaveProperty(
      'identity_number',
    );
  });

  it.each([
    [
      'a common password',
      'password123',
      'password',
      'ეს პაროლი ძალიან გავრცელებულია, გთხოვთ, აირჩიოთ სხვა',
    ],
    [
      'a common password in capitals',
      'Password123',
      'password',
      'ეს პაროლი ძალიან გავრცელებულია, გთხოვთ, აირჩიოთ სხვა',
    ],
    ['a short password', 'ab12', 'password', 'პაროლი უნდა შედგებოდეს მინიმუმ 8 სიმბოლოსგან'],
  ])('refuses %s under password', async (_case, password, field, message) => {
    const { phone, identity } = newcomer();
    await confirmPhone(app, phone);
    const response = await postRegistration(app, {
      phone,
      password,
      sso_token: await completedSsoToken(app, identity),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ [field]: [message] });
  });

  it('accepts a long Unicode password', async () => {
    const { phone, identity } = newcomer();
    const password = 'ეს ძალიან გრძელი ქართული პაროლია 🔐'.repeat(4);
    await registerCustomer(app, { phone, identity, password });
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { phone, password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a mismatched confirmation, an unknown document type and no consent', async () => {
    const { phone, identity } = newcomer();
    await confirmPhone(app, phone);
    const sso_token = await completedSsoToken(app, identity);
    const mismatch = await postRegistration(
      app,
      { phone, sso_token },
      { password_confirmation: 'something else' },
    );
    expect(mismatch.json()).toMatchObject({
      password_confirmation: ['პაროლები ერთმანეთს არ ემთხვევა'],
    });
    const unknownType = await postRegistration(
      app,
      { phone, sso_token },
      { document_type_id: 999 },
    );
    expect(unknownType.json()).toMatchObject({ document_type_id: ['აირჩიეთ დოკუმენტის ტიპი'] });
    const noConsent = await postRegistration(app, { phone, sso_token }, { privacy_policy: false });
    expect(noConsent.json()).toHaveProperty('privacy_policy');
    expect((await postRegistration(app, { phone, sso_token })).statusCode).toBe(200);
  });
});
