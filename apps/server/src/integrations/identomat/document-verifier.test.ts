import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '#app/db/database.ts';
import { ServiceUnavailableError } from '#app/errors.ts';
import { openTestDatabase } from '#app/test/build-test-app.ts';
import {
  answerJson,
  startFakeHttpService,
  type FakeAnswer,
  type FakeHttpService,
} from '#app/test/fake-http-service.ts';
import type { DocumentHolder, DocumentVerifier } from './document-verifier.ts';
import { createIdentomatClient } from './identomat-client.ts';
import { latinName, upperLatin } from './latin-names.ts';
import { createSandboxIdentomatSessions } from './sandbox-sessions.ts';
import { createSandboxDocumentVerifier } from './sandbox-verifier.ts';

const nino: DocumentHolder = {
  personalNumber: '01001000012',
  name: 'ნინო',
  surname: 'კაპანაძე',
  documentType: 'passport',
  documentNumber: '13AB45678',
};

/** sandbox.md's identity whose verification finds the provider unreachable. */
const eka: DocumentHolder = {
  personalNumber: '01001000094',
  name: 'ეკა',
  surname: 'ნოზაძე',
  documentType: 'id',
  documentNumber: '09XY12345',
};

interface VerifierUnderTest {
  verifier: DocumentVerifier;
  /** The customer completes the provider's steps, showing their own document. */
  finish: (sessionToken: string) => Promise<void>;
}

/** The provider's result for a holder who showed their own document. */
function ownDocument(holder: DocumentHolder) {
  return {
    result: 'approved',
    live: true,
    document_type: holder.documentType,
    person: {
      first_name: upperLatin(latinName(holder.name)),
      last_name: upperLatin(latinName(holder.surname)),
      local_first_name: holder.name,
      local_last_name: holder.surname,
      personal_number: holder.personalNumber,
      document_number: holder.documentNumber,
    },
  };
}

/**
 * What every DocumentVerifier must do, whichever side of the sandbox switch it is on. `setup`
 * prepares the provider for one holder; for the …94 identity it is unreachable on both sides.
 */
function documentVerifierContract(
  name: string,
  setup: (holder: DocumentHolder) => Promise<VerifierUnderTest>,
) {
  describe(`${name} (DocumentVerifier contract)`, () => {
    it('begins a session whose URL carries its token', async () => {
      const { verifier } = await setup(nino);
      const session = await verifier.begin(nino);
      expect(session.sessionToken).not.toBe('');
      expect(session.url).toContain(encodeURIComponent(session.sessionToken));
      expect((await verifier.begin(nino)).sessionToken).not.toBe(session.sessionToken);
    });

    it('has no result until the customer finishes', async () => {
      const { verifier } = await setup(nino);
      const { sessionToken } = await verifier.begin(nino);
      expect(await verifier.result(sessionToken)).toBeNull();
    });

    it("answers the provider's result for the document shown, as often as asked", async () => {
      const { verifier, finish } = await setup(nino);
      const { sessionToken } = await verifier.begin(nino);
      await finish(sessionToken);
      const result = await verifier.result(sessionToken);
      expect(result).toMatchObject(ownDocument(nino));
      expect(result?.similarity).toBeGreaterThanOrEqual(0.9);
      expect(result?.similarity).toBeLessThanOrEqual(0.99);
      expect(await verifier.result(sessionToken)).toEqual(result);
    });

    it('throws ServiceUnavailableError when the provider cannot be reached', async () => {
      const { verifier, finish } = await setup(eka);
      const { sessionToken } = await verifier.begin(eka);
      await finish(sessionToken);
      const failure = await verifier.result(sessionToken).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ServiceUnavailableError);
      expect(failure).toMatchObject({ statusCode: 503, service: 'identomat' });
    });
  });
}

// --- the sandbox: sessions in the database, finished at /dev-identomat ---------------------

let database: DatabaseConnection;
const appUrl = 'http://localhost:3000';

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(() => database.close());

function sandbox() {
  const sessions = createSandboxIdentomatSessions(database.db);
  return {
    verifier: createSandboxDocumentVerifier(sessions, appUrl),
    finish: (sessionToken: string) => sessions.finish(sessionToken, new Date()),
  };
}

documentVerifierContract('sandbox verifier', () => Promise.resolve(sandbox()));

describe('sandbox verifier', () => {
  it('sends the browser to its own page, /dev-identomat/{session_token}', async () => {
    const { sessionToken, url } = await sandbox().verifier.begin(nino);
    expect(url).toBe(`${appUrl}/dev-identomat/${sessionToken}`);
  });

  it('shows someone else’s document for a personal number ending in 93', async () => {
    const nika: DocumentHolder = {
      personalNumber: '01001000093',
      name: 'ნიკა',
      surname: 'ქავთარაძე',
      documentType: 'id',
      documentNumber: '13AB45678',
    };
    const { verifier, finish } = sandbox();
    const { sessionToken } = await verifier.begin(nika);
    await finish(sessionToken);
    const person = (await verifier.result(sessionToken))?.person;
    expect(await verifier.result(sessionToken)).toMatchObject({
      result: 'approved',
      similarity: 0.41,
    });
    expect(person).toMatchObject({
      local_first_name: 'ნიკა',
      first_name: 'NIKA',
      personal_number: '01001000093',
    });
    expect(person?.local_last_name).not.toBe('ქავთარაძე');
    expect(person?.last_name).toBe(upperLatin(latinName(person?.local_last_name ?? '')));
    expect(person?.document_number).not.toBe('13AB45678');
  });

  it('is unreachable for …94 even before the customer finishes', async () => {
    const { verifier } = sandbox();
    const { sessionToken } = await verifier.begin(eka);
    await expect(verifier.result(sessionToken)).rejects.toBeInstanceOf(ServiceUnavailableError);
  });

  it('answers the same to any instance: the state is in the database', async () => {
    const first = sandbox();
    const { sessionToken } = await first.verifier.begin(nino);
    await first.finish(sessionToken);
    expect(await sandbox().verifier.result(sessionToken)).toEqual(
      await first.verifier.result(sessionToken),
    );
  });
});

// --- production: Identomat's API, played by a local fake --------------------------------------

const companyKey = 'company-key-that-stays-on-the-server';

let fake: FakeHttpService;
/** The person the fake plays showing their document, and what it has issued and seen finished. */
let holder: DocumentHolder;
let issued: number;
let finished: Set<string>;

/** Identomat as the fake plays it: begin issues session-1, session-2, …; …94 finds it down. */
const playIdentomat: FakeAnswer = (request, response) => {
  if (request.url === '/external-api/begin/') {
    issued += 1;
    answerJson(response, 200, `session-${issued}`);
  } else if (holder.personalNumber.endsWith('94')) {
    answerJson(response, 503, { error: 'unavailable' });
  } else {
    const { session_token: token } = JSON.parse(request.body) as { session_token: string };
    const result = { ...ownDocument(holder), similarity: 0.9321 };
    answerJson(response, 200, finished.has(token) ? result : { result: null });
  }
};

/** What reached the fake: the path and the JSON body of each call. */
const received = () =>
  fake.requests.map((request) => ({
    path: request.url,
    body: JSON.parse(request.body) as unknown,
  }));

beforeAll(async () => {
  fake = await startFakeHttpService('', playIdentomat);
});

afterAll(() => {
  fake.close();
});

beforeEach(() => {
  fake.reset();
  holder = nino;
  issued = 0;
  finished = new Set();
});

function identomat(timeoutMs = 2_000, url = fake.url) {
  return createIdentomatClient({
    url,
    companyKey,
    timeoutMs,
    returnUrl: 'https://sesxi.example/identomat',
  });
}

documentVerifierContract('Identomat client', (shown) => {
  holder = shown;
  return Promise.resolve({
    verifier: identomat(),
    finish: (sessionToken) => {
      finished.add(sessionToken);
      return Promise.resolve();
    },
  });
});

describe('Identomat client', () => {
  it('begins with the company key and the flags, and sends the browser to the widget', async () => {
    const session = await identomat().begin(nino);
    expect(received()).toEqual([
      {
        path: '/external-api/begin/',
        body: {
          company_key: companyKey,
          flags: {
            language: 'ka',
            document_types: ['id', 'passport'],
            liveness: true,
            return_url: 'https://sesxi.example/identomat',
          },
        },
      },
    ]);
    expect(session).toEqual({
      sessionToken: 'session-1',
      url: `${fake.url}/?session_token=session-1`,
    });
  });

  it('asks for the result with the company key and the session token', async () => {
    await identomat().result('session-7');
    expect(received()).toEqual([
      {
        path: '/external-api/result/',
        body: { company_key: companyKey, session_token: 'session-7' },
      },
    ]);
  });

  it('keeps every field of the result as the provider sent it', async () => {
    const sent = {
      result: 'rejected',
      similarity: 0.2,
      live: false,
      reject_reason: { value: 'face_mismatch', description: 'სახე არ ემთხვევა' },
      person: { first_name: 'NINO', birthday: '1990-01-01', status: 'valid' },
      extra: { nested: [1, 2] },
    };
    fake.answerWith((_request, response) => answerJson(response, 200, sent));
    expect(await identomat().result('session-1')).toEqual(sent);
  });

  const text =
    (status: number, body: string): FakeAnswer =>
    (_request, response) => {
      response.statusCode = status;
      response.end(body);
    };
  const jsonAnswer =
    (value: unknown): FakeAnswer =>
    (_request, response) =>
      answerJson(response, 200, value);

  it.each<[string, 'begin' | 'result', FakeAnswer]>([
    ['an HTTP error (repeating the key)', 'begin', text(500, companyKey)],
    ['an answer that is not JSON', 'begin', text(200, '<html>maintenance')],
    ['a begin answer that is no token', 'begin', jsonAnswer({ session_token: 'x' })],
    ['an empty token', 'begin', jsonAnswer('')],
    ['a result of another shape', 'result', jsonAnswer({ result: 1, similarity: 'high' })],
    ['a result that is not an object', 'result', jsonAnswer('approved')],
  ])(
    'turns %s into ServiceUnavailableError that never names the key',
    async (_case, call, answer) => {
      fake.answerWith(answer);
      const client = identomat();
      const failure = await (
        call === 'begin' ? client.begin(nino) : client.result('session-1')
      ).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ServiceUnavailableError);
      expect(describeError(failure)).not.toContain(companyKey);
    },
  );

  it('gives up after its timeout', async () => {
    fake.answerWith(() => {
      // never answers
    });
    const started = performance.now();
    const failure = await identomat(200)
      .begin(nino)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceUnavailableError);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('answers ServiceUnavailableError when the provider cannot be reached', async () => {
    await expect(identomat(2_000, 'http://127.0.0.1:1').begin(nino)).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
  });
});

/** An error with its causes, as a log line would show them. */
function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) {
    parts.push(current.name, current.message, current.stack ?? '');
  }
  return parts.join('\n');
}
