import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '#app/errors.ts';
import { seededIdentities } from '#app/sandbox/identity-provider/identities.ts';
import {
  answerJson,
  startFakeHttpService,
  type FakeAnswer,
  type FakeHttpService,
} from '#app/test/fake-http-service.ts';
import { createHttpSdaRegistry } from './http-registry.ts';
import { sandboxSdaRegistry } from './sandbox-registry.ts';
import type { SdaIdentity, SdaRegistry } from './sda-registry.ts';

function identityOf(personalNumber: string): SdaIdentity {
  const seeded = seededIdentities.find((identity) => identity.personalNumber === personalNumber);
  if (!seeded) throw new Error(`${personalNumber} is not a seeded identity`);
  return {
    personalNumber,
    name: seeded.name,
    surname: seeded.surname,
    documentNumber: '13AB45678',
  };
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the check to fail');
    },
    (error: unknown) => error,
  );
}

/** What every SdaRegistry must do: sandbox.md's outcomes, whichever side of the switch. */
function sdaRegistryContract(name: string, registry: () => SdaRegistry) {
  describe(`${name} (SdaRegistry contract)`, () => {
    it.each(['01001000011', '01001000012', '01001000013', '01001000014', '01001000093'])(
      'confirms %s',
      async (personalNumber) => {
        expect(await registry().check(identityOf(personalNumber))).toBe('confirmed');
      },
    );

    it('refuses a personal number ending in 91', async () => {
      expect(await registry().check(identityOf('01001000091'))).toBe('refused');
    });

    it('is unreachable for a personal number ending in 92', async () => {
      const failure = await failureOf(registry().check(identityOf('01001000092')));
      expect(failure).toBeInstanceOf(ServiceUnavailableError);
      expect(failure).toMatchObject({ statusCode: 503, service: 'sda' });
    });
  });
}

sdaRegistryContract('sandbox registry', () => sandboxSdaRegistry);

// --- production: our JSON contract, played by a local fake registry ------------------------

/** The registry as our contract describes it, following sandbox.md's rules. */
const fakeRegistry: FakeAnswer = (request, response) => {
  if (request.headers.authorization !== 'Bearer sda-test-key') {
    answerJson(response, 401, { error: 'unauthorized' });
    return;
  }
  const { personal_number } = JSON.parse(request.body) as { personal_number: string };
  if (personal_number.endsWith('92')) answerJson(response, 503, { error: 'maintenance' });
  else {
    answerJson(response, 200, { result: personal_number.endsWith('91') ? 'refused' : 'confirmed' });
  }
};

let registry: FakeHttpService;

beforeAll(async () => {
  registry = await startFakeHttpService('/v1/person-check', fakeRegistry);
});

afterAll(() => {
  registry.close();
});

beforeEach(() => {
  registry.reset();
});

function httpRegistry({ timeoutMs = 2_000, apiKey = 'sda-test-key', url = registry.url } = {}) {
  return createHttpSdaRegistry({ url, apiKey, timeoutMs });
}

sdaRegistryContract('HTTP registry', () => httpRegistry());

describe('HTTP registry', () => {
  it('posts the identity as JSON with the key as a bearer token, never in the URL', async () => {
    await httpRegistry().check(identityOf('01001000011'));
    expect(registry.requests).toHaveLength(1);
    const [request] = registry.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/person-check' });
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: 'Bearer sda-test-key',
    });
    expect(JSON.parse(request?.body ?? '')).toEqual({
      personal_number: '01001000011',
      first_name: 'გიორგი',
      last_name: 'ბერიძე',
      document_number: '13AB45678',
    });
  });

  it.each<[string, FakeAnswer]>([
    [
      'a refused key (HTTP 401)',
      (_request, response) => answerJson(response, 401, { result: 'refused' }),
    ],
    ['an HTTP error', (_request, response) => answerJson(response, 500, { result: 'confirmed' })],
    ['an answer that is not JSON', (_request, response) => response.end('<html>maintenance')],
    ['an unknown result', (_request, response) => answerJson(response, 200, { result: 'maybe' })],
    ['an answer of another shape', (_request, response) => answerJson(response, 200, { ok: true })],
  ])('turns %s into ServiceUnavailableError', async (_case, failing) => {
    registry.answerWith(failing);
    const failure = await failureOf(httpRegistry().check(identityOf('01001000011')));
    expect(failure).toBeInstanceOf(ServiceUnavailableError);
    expect(failure).toMatchObject({ statusCode: 503, service: 'sda' });
  });

  it('gives up after its timeout', async () => {
    registry.answerWith(() => {
      // never answers
    });
    const started = performance.now();
    const failure = await failureOf(
      httpRegistry({ timeoutMs: 200 }).check(identityOf('01001000011')),
    );
    expect(failure).toBeInstanceOf(ServiceUnavailableError);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('answers ServiceUnavailableError when the registry cannot be reached', async () => {
    const unreachable = httpRegistry({ url: 'http://127.0.0.1:1/v1/person-check' });
    await expect(unreachable.check(identityOf('01001000011'))).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
  });
});
