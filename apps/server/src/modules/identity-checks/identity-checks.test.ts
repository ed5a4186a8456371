import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { identomatChecks, users } from '#app/db/schema.ts';
import { bearer, sandboxSupportToken } from '#app/test/accounts.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import {
  completedDocumentCheck,
  documentCheckVerdict,
  finishAtSandbox,
  identifiedCustomer,
  startDocumentCheck,
} from '#app/test/identity-checks.ts';
import { logCapture } from '#app/test/log-capture.ts';
import { testClock } from '#app/test/test-clock.ts';
import { phoneSeries } from '#app/test/unique.ts';

const clock = testClock();
const logs = logCapture();
let app: FastifyInstance;
const freshPhone = phoneSeries('59360');

beforeAll(async () => {
  app = await buildTestApp({}, { clock, logStream: logs.stream });
});

afterAll(() => app.close());

afterEach(() => {
  vi.restoreAllMocks();
});

const verified = { status: 'success', text: 'დოკუმენტი წარმატებით შემოწმდა' };
const failedByDefault = {
  status: 'failure',
  text: 'დოკუმენტის შემოწმება ვერ მოხერხდა, სცადეთ ხელახლა ან გამოიყენეთ სხვა ტიპის დოკუმენტი',
};

/** A customer whose personal number ends in `ending` (sandbox.md picks outcomes by it). */
function customerEnding(ending: string) {
  const phone = freshPhone();
  return identifiedCustomer(app, phone, {
    name: 'ნიკა',
    surname: 'ქავთარაძე',
    personalNumber: `0${phone.slice(1, 9)}${ending}`,
  });
}

async function checkRow(sessionToken: string) {
  const [row] = await app.database.db
    .select()
    .from(identomatChecks)
    .where(eq(identomatChecks.sessionToken, sessionToken));
  return row;
}

async function isVerified(userId: number) {
  const [user] = await app.database.db.select().from(users).where(eq(users.id, userId));
  return user?.isIdentomatVerified;
}

describe('POST /api/identomat/session', () => {
  it('starts a check for the customer and sends them to the sandbox page', async () => {
    const { user, token } = await customerEnding('11');
    const started = await startDocumentCheck(app, token);
    expect(started).toEqual({
      status: 'success',
      session_token: expect.stringMatching(/^[\w-]{43}$/) as string,
      url: `http://localhost:3000/dev-identomat/${started.session_token}`,
    });
    expect(await checkRow(started.session_token)).toMatchObject({
      userId: user.id,
      result: null,
      outcome: null,
      createdAt: clock.now(),
      completedAt: null,
    });
  });

  it('is for customers: support staff get 403, no session 401', async () => {
    const support = await app.inject({
      method: 'POST',
      url: '/api/identomat/session',
      headers: bearer(await sandboxSupportToken(app)),
    });
    expect(support.statusCode).toBe(403);
    expect(support.json()).toEqual({
      status: 'error',
      message: 'ამ მოქმედების შესრულების უფლება არ გაქვთ',
    });
    const anonymous = await app.inject({ method: 'POST', url: '/api/identomat/session' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/identomat-user/:sessionToken', () => {
  it('verifies a customer whose document matches, and stores the result', async () => {
    const { user, token } = await customerEnding('11');
    const { session_token, url } = await startDocumentCheck(app, token);
    expect(await finishAtSandbox(app, url)).toBe(`/identomat?session_token=${session_token}`);
    clock.advance(60_000);

    const response = await documentCheckVerdict(app, token, session_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(verified);
    expect(await isVerified(user.id)).toBe(true);
    const row = await checkRow(session_token);
    expect(row).toMatchObject({ outcome: 'success', completedAt: clock.now() });
    expect(row?.result).toMatchObject({
      result: 'approved',
      live: true,
      person: { local_first_name: 'ნიკა', last_name: 'KAVTARADZE' },
    });
    expect((row?.result as { similarity: number }).similarity).toBeGreaterThanOrEqual(0.9);
  });

  it('answers in English when asked', async () => {
    const { token } = await customerEnding('12');
    const { verdict } = await completedDocumentCheck(app, token);
    expect(verdict.json()).toEqual({ status: 'success', text: expect.any(String) as string });
    const { sessionToken } = await completedDocumentCheck(app, token);
    const english = await documentCheckVerdict(app, token, sessionToken, {
      'accept-language': 'en',
    });
    expect(english.json()).toEqual({ status: 'success', text: 'Your document has been verified' });
  });

  it('asks the provider no more once a result is stored', async () => {
    const { token } = await customerEnding('13');
    const { sessionToken } = await completedDocumentCheck(app, token);
    const asked = vi.spyOn(app.documentVerifier, 'result');
    const again = await documentCheckVerdict(app, token, sessionToken);
    expect(again.json()).toEqual(verified);
    expect(asked).not.toHaveBeenCalled();
  });

  it('fails with the default text before the customer finishes, and stores nothing', async () => {
    const { user, token } = await customerEnding('14');
    const { session_token, url } = await startDocumentCheck(app, token);
    expect((await documentCheckVerdict(app, token, session_token)).json()).toEqual(failedByDefault);
    expect(await checkRow(session_token)).toMatchObject({ result: null, outcome: null });
    await finishAtSandbox(app, url);
    expect((await documentCheckVerdict(app, token, session_token)).json()).toEqual(verified);
    expect(await isVerified(user.id)).toBe(true);
  });

  it('fails for someone else’s document (…93) and keeps the customer unverified', async () => {
    const { user, token } = await customerEnding('93');
    const { sessionToken, verdict } = await completedDocumentCheck(app, token);
    expect(verdict.statusCode).toBe(200);
    expect(verdict.json()).toEqual(failedByDefault);
    expect(await isVerified(user.id)).toBe(false);
    const row = await checkRow(sessionToken);
    expect(row).toMatchObject({ outcome: 'failure', result: { similarity: 0.41 } });
    expect(logs.events('identomat_failed')).toContainEqual(
      expect.objectContaining({
        providerResult: 'approved',
        mismatches: ['surname', 'surname_latin', 'document_number'],
      }),
    );
    expect(JSON.stringify(logs.lines)).not.toContain(user.identityNumber);
    const english = await documentCheckVerdict(app, token, sessionToken, {
      'accept-language': 'en',
    });
    expect(english.json()).toEqual({
      status: 'failure',
      text: 'The document check failed, try again or use another type of document',
    });
  });

  it('answers 503 when the provider is unreachable (…94), storing nothing', async () => {
    const { user, token } = await customerEnding('94');
    const { sessionToken, verdict } = await completedDocumentCheck(app, token);
    expect(verdict.statusCode).toBe(503);
    expect(verdict.json()).toEqual({
      status: 'error',
      message: 'სერვისთან დაკავშირება ვერ ხერხდება',
    });
    expect(await checkRow(sessionToken)).toMatchObject({ result: null, outcome: null });
    expect(await isVerified(user.id)).toBe(false);
  });

  it('says the provider’s reason when it rejects the document', async () => {
    const { token } = await customerEnding('15');
    const { session_token } = await startDocumentCheck(app, token);
    vi.spyOn(app.documentVerifier, 'result').mockResolvedValue({
      result: 'rejected',
      similarity: 0.2,
      reject_reason: { value: 'face_mismatch', description: 'სახე არ ემთხვევა დოკუმენტს' },
    });
    const verdict = await documentCheckVerdict(app, token, session_token);
    expect(verdict.json()).toEqual({ status: 'failure', text: 'სახე არ ემთხვევა დოკუმენტს' });
    expect(await checkRow(session_token)).toMatchObject({
      outcome: 'failure',
      result: { reject_reason: { value: 'face_mismatch' } },
    });
  });

  it('answers 404 for another customer’s token exactly as for an unknown one', async () => {
    const owner = await customerEnding('16');
    const other = await customerEnding('17');
    const { session_token } = await startDocumentCheck(app, owner.token);
    const foreign = await documentCheckVerdict(app, other.token, session_token);
    const unknown = await documentCheckVerdict(app, other.token, 'no-such-session');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect(unknown.statusCode).toBe(404);
    expect(await checkRow(session_token)).toMatchObject({ result: null });
  });

  it('needs a session', async () => {
    const response = await app.inject({ url: '/api/identomat-user/anything' });
    expect(response.statusCode).toBe(401);
  });
});

describe('the sandbox page /dev-identomat/{session_token}', () => {
  it('is a scriptless POST form under the app’s CSP', async () => {
    const { token } = await customerEnding('18');
    const { url, session_token } = await startDocumentCheck(app, token);
    const page = await app.inject({ url: new URL(url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain(`<form method="post" action="/dev-identomat/${session_token}">`);
    expect(page.body).toContain('<html lang="ka">');
    expect(page.body).not.toContain('<script');
  });

  it('answers 404 for a session it never began', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await app.inject({ method, url: '/dev-identomat/unknown' });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('role="alert"');
    }
  });
});
