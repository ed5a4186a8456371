import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { consents, consentTexts, sessions, users } from '#app/db/schema.ts';
import type { VerifiedIdentity } from '#app/integrations/sso/identity-provider.ts';
import { textToHtml } from '#app/modules/content/index.ts';
import { bearer, registerCustomer, sandboxSupportToken } from '#app/test/accounts.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { logCapture } from '#app/test/log-capture.ts';
import { checkSda, sdaVerifiedCustomer, startSession } from '#app/test/onboarding.ts';
import { testClock } from '#app/test/test-clock.ts';
import { phoneSeries } from '#app/test/unique.ts';
import { insertCustomer } from '#app/test/users.ts';
import { raceAt } from '#app/test/race.ts';

const clock = testClock();
const logs = logCapture();
let app: FastifyInstance;
const freshPhone = phoneSeries('59310');

beforeAll(async () => {
  app = await buildTestApp({}, { clock, logStream: logs.stream });
});

afterAll(() => app.close());

afterEach(() => {
  vi.restoreAllMocks();
});

/** sandbox.md's seeded identities by outcome. */
const identities = {
  success: { givenName: 'გიორგი', familyName: 'ბერიძე', personalNumber: '01001000011' },
  refused: { givenName: 'ირაკლი', familyName: 'ხუციშვილი', personalNumber: '01001000091' },
  unreachable: { givenName: 'ანა', familyName: 'წიკლაური', personalNumber: '01001000092' },
} satisfies Record<string, VerifiedIdentity>;

async function registered(identity: VerifiedIdentity, phone = freshPhone()) {
  const user = await registerCustomer(app, { phone, identity });
  return { phone, token: user.apiToken };
}

async function userByPhone(phone: string) {
  const [user] = await app.database.db.select().from(users).where(eq(users.phone, phone));
  return user;
}

async function sdaConsentsOf(userId: number) {
  return app.database.db
    .select()
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.kind, 'sda_information')));
}

const serviceUnavailable = { status: 'error', message: 'სერვისთან დაკავშირება ვერ ხერხდება' };

describe('GET /api/sda-checking', () => {
  it('answers the newest wording of the personal-data consent', async () => {
    const { token } = await sdaVerifiedCustomer(app, { phone: freshPhone() });
    const response = await app.inject({ url: '/api/sda-checking', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const [newest] = await app.database.db
      .select()
      .from(consentTexts)
      .where(eq(consentTexts.kind, 'sda_information'))
      .orderBy(desc(consentTexts.version))
      .limit(1);
    expect(newest?.body).toContain('სახელმწიფო სერვისების განვითარების სააგენტოს');
    expect(response.json()).toEqual({
      status: 'success',
      sda_info_text: newest?.body,
      // Seeded as text: its paragraphs.
      sda_info_html: textToHtml(newest?.body ?? ''),
      sda_info_version: newest?.version,
      sda_info_sha256: newest?.sha256,
    });
  });
});

describe('POST /api/sda-checking', () => {
  it('confirmed: marks the customer verified and records the consent with its wording', async () => {
    const { phone, token } = await registered(identities.success);
    const response = await checkSda(app, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });

    const user = await userByPhone(phone);
    expect(user?.isSdaVerified).toBe(true);
    const [consent] = await sdaConsentsOf(user?.id ?? 0);
    const [wording] = await app.database.db
      .select()
      .from(consentTexts)
      .where(eq(consentTexts.id, consent?.consentTextId ?? 0));
    expect(wording).toMatchObject({ kind: 'sda_information', version: 1 });
    expect(consent).toMatchObject({
      textSha256: wording?.sha256,
      agreedAt: clock.now(),
      ip: '127.0.0.1',
      userAgent: 'vitest-browser/1.0',
    });
    expect(logs.events('sda_verified')).toContainEqual(
      expect.objectContaining({ userId: user?.id }),
    );

    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { phone, password: 'ჩემი საიდუმლო პაროლი' },
    });
    expect(login.json()).toMatchObject({
      user: { is_sda_verified: true, has_questionnaire: false },
    });
  });

  it('already verified: success without asking the registry again or a second consent', async () => {
    const { user, token } = await sdaVerifiedCustomer(app, { phone: freshPhone() });
    const registry = vi.spyOn(app.sdaRegistry, 'check');
    const again = await checkSda(app, token);
    expect(again.json()).toEqual({ status: 'success' });
    expect(registry).not.toHaveBeenCalled();
    expect(await sdaConsentsOf(user.id)).toHaveLength(1);
  });

  it('confirmed twice at once: verified once, one consent', async () => {
    const user = await insertCustomer(app, { phone: freshPhone() });
    const token = await startSession(app, user.id);
    const race = raceAt(app, /^update "users" set "is_sda_verified"/);
    const answers = await Promise.all([checkSda(app, token), checkSda(app, token)]);
    await race.finish();
    expect(answers.map((answer) => answer.json<unknown>())).toEqual([
      { status: 'success' },
      { status: 'success' },
    ]);
    expect(await sdaConsentsOf(user.id)).toHaveLength(1);
  });

  it('refused: deletes the unverified account, so the identity and phone can register again', async () => {
    const { phone, token } = await registered(identities.refused);
    const user = await userByPhone(phone);
    const response = await checkSda(app, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'refused',
      message:
        'მონაცემების დამუშავებისას მოხდა შეცდომა, გთხოვთ, გადაამოწმოთ შეყვანილი ინფორმაცია და გაიაროთ რეგისტრაცია ხელახლა',
    });

    expect(await userByPhone(phone)).toBeUndefined();
    const left = await app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? 0));
    expect(left).toEqual([]);
    expect(
      await app.database.db
        .select()
        .from(consents)
        .where(eq(consents.userId, user?.id ?? 0)),
    ).toEqual([]);
    const withOldToken = await app.inject({ url: '/api/sda-checking', headers: bearer(token) });
    expect(withOldToken.statusCode).toBe(401);

    clock.advance(60_000); // past the phone's resend wait
    const again = await registerCustomer(app, { phone, identity: identities.refused });
    expect(again).toMatchObject({ phone, is_sda_verified: false });
  });

  it('refused: logs the event with a masked personal number, never the whole', async () => {
    const identity = { ...identities.refused, personalNumber: '02002000491' };
    const { token } = await registered(identity);
    await checkSda(app, token);
    expect(logs.events('sda_refused')).toContainEqual(
      expect.objectContaining({ personalNumber: '*******0491', accountDeleted: true }),
    );
    expect(JSON.stringify(logs.lines)).not.toContain(identity.personalNumber);
  });

  it('refused: tells an English browser in English', async () => {
    const { token } = await registered({ ...identities.refused, personalNumber: '02002000591' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/sda-checking',
      headers: { ...bearer(token), 'accept-language': 'en' },
      payload: { sda_agreed_at: '2026-11-23 14:00:00', is_sda_verified: true },
    });
    expect(response.json()).toEqual({
      status: 'refused',
      message:
        'An error occurred while processing the data, please check the entered information and go through registration again',
    });
  });

  it('unreachable: 503 with the spec’s message, and nothing changes', async () => {
    const { phone, token } = await registered(identities.unreachable);
    const response = await checkSda(app, token);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(serviceUnavailable);
    const user = await userByPhone(phone);
    expect(user?.isSdaVerified).toBe(false);
    expect(await sdaConsentsOf(user?.id ?? 0)).toEqual([]);
    const still = await app.inject({ url: '/api/sda-checking', headers: bearer(token) });
    expect(still.statusCode).toBe(200);
  });

  it('needs the box ticked and a timestamp, before any registry call', async () => {
    const user = await insertCustomer(app, { phone: freshPhone() });
    const token = await startSession(app, user.id);
    const registry = vi.spyOn(app.sdaRegistry, 'check');
    const response = await checkSda(app, token, { is_sda_verified: false, sda_agreed_at: 'now' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      is_sda_verified: ['გთხოვთ, მონიშნოთ თანხმობა'],
      sda_agreed_at: ['თარიღი უნდა იყოს ფორმატში: წწწწ-თთ-დდ სს:წწ:წწ'],
    });
    expect(registry).not.toHaveBeenCalled();
  });

  it('checks the account’s own identity, whatever the body claims', async () => {
    const user = await insertCustomer(app, { phone: freshPhone() });
    const token = await startSession(app, user.id);
    const registry = vi.spyOn(app.sdaRegistry, 'check');
    await checkSda(app, token, {
      identity_number: '01001000091',
      user_id: user.id + 1,
      name: 'Mallory',
    });
    expect(registry).toHaveBeenCalledWith({
      personalNumber: user.identityNumber,
      name: user.name,
      surname: user.surname,
      documentNumber: user.documentNumber,
    });
  });

  it('is capped at 20 a minute per address', async () => {
    const { token } = await sdaVerifiedCustomer(app, { phone: freshPhone() });
    const check = () =>
      app.inject({
        method: 'POST',
        url: '/api/sda-checking',
        headers: bearer(token),
        payload: { sda_agreed_at: '2026-11-23 14:00:00', is_sda_verified: true },
        remoteAddress: '10.20.0.1',
      });
    for (let attempt = 0; attempt < 20; attempt++) expect((await check()).statusCode).toBe(200);
    const refused = await check();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('who may call it', () => {
  it.each([
    ['GET', {}],
    ['POST', { sda_agreed_at: '2026-11-23 14:00:00', is_sda_verified: true }],
  ] as const)('%s: 401 without a session, 403 for support staff', async (method, payload) => {
    const call = (headers: Record<string, string>) =>
      app.inject({
        method,
        url: '/api/sda-checking',
        headers,
        ...(method === 'POST' && { payload }),
      });
    expect((await call({})).statusCode).toBe(401);
    const support = await call(bearer(await sandboxSupportToken(app)));
    expect(support.statusCode).toBe(403);
    expect(support.json()).toEqual({
      status: 'error',
      message: 'ამ მოქმედების შესრულების უფლება არ გაქვთ',
    });
  });
});
