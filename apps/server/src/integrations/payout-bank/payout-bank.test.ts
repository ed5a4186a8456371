import { randomUUID } from 'node:crypto';
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
import { createHttpPayoutBank } from './http-payout-bank.ts';
import type { PayoutBank, PayoutRequest } from './payout-bank.ts';
import { createSandboxPayoutBank } from './sandbox-payout-bank.ts';

const payoutTo = (
  personalNumber: string,
  idempotencyKey: string = randomUUID(),
): PayoutRequest => ({
  idempotencyKey,
  amountTetri: 150_000,
  iban: 'GE29NB0000000101904917',
  name: 'გიორგი ბერიძე',
  personalNumber,
  reference: 'SX-2026-000041',
});

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the payout to fail');
    },
    (error: unknown) => error,
  );
}

/** What every PayoutBank must do: sandbox.md's outcomes, whichever side of the switch. */
function payoutBankContract(name: string, bank: () => PayoutBank) {
  describe(`${name} (PayoutBank contract)`, () => {
    it('pays at once with a reference, and answers the same key again with it, paying once', async () => {
      const payout = payoutTo('01001000011');
      const first = await bank().pay(payout);
      expect(first.outcome === 'paid' && first.bankReference).toMatch(/\S/);
      expect(await bank().pay(payout)).toEqual(first);
      const other = await bank().pay(payoutTo('01001000011'));
      expect(other).not.toEqual(first);
    });

    it('refuses the account for a personal number ending in 97, with the bank’s reason', async () => {
      const answer = await bank().pay(payoutTo('01001000097'));
      expect(answer.outcome === 'refused' && answer.reason).toMatch(/\S/);
    });

    it('is unreachable for the first two tries for a personal number ending in 98, then pays once', async () => {
      const payout = payoutTo('01001000098');
      for (let tried = 1; tried <= 2; tried += 1) {
        const failure = await failureOf(bank().pay(payout));
        expect(failure).toBeInstanceOf(ServiceUnavailableError);
        expect(failure).toMatchObject({ statusCode: 503, service: 'payout_bank' });
      }
      const paid = await bank().pay(payout);
      expect(paid).toMatchObject({ outcome: 'paid' });
      expect(await bank().pay(payout)).toEqual(paid);
    });
  });
}

let database: DatabaseConnection;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

payoutBankContract('sandbox bank', () => createSandboxPayoutBank(database.db));

// --- production: our JSON contract, played by a local fake bank ------------------------------

/** The fake bank keeps its answers by idempotency key, as the contract asks of the real one. */
const answered = new Map<string, unknown>();
const tries = new Map<string, number>();

const fakeBank: FakeAnswer = (request, response) => {
  const key = request.headers['idempotency-key'];
  if (request.headers.authorization !== 'Bearer bank-test-key' || typeof key !== 'string') {
    answerJson(response, 401, { error: 'unauthorized' });
    return;
  }
  const { personal_number } = JSON.parse(request.body) as { personal_number: string };
  const tried = (tries.get(key) ?? 0) + 1;
  tries.set(key, tried);
  if (personal_number.endsWith('98') && tried <= 2) {
    answerJson(response, 503, { error: 'maintenance' });
    return;
  }
  if (!answered.has(key)) {
    answered.set(
      key,
      personal_number.endsWith('97')
        ? { status: 'refused', reason: 'account closed' }
        : { status: 'accepted', bank_reference: `BANK-${answered.size + 1}` },
    );
  }
  answerJson(response, 200, answered.get(key));
};

let service: FakeHttpService;

beforeAll(async () => {
  service = await startFakeHttpService('/v1/payouts', fakeBank);
});

afterAll(() => {
  service.close();
});

beforeEach(() => {
  service.reset();
});

function httpBank({ timeoutMs = 2_000 } = {}) {
  return createHttpPayoutBank({ url: service.url, apiKey: 'bank-test-key', timeoutMs });
}

payoutBankContract('HTTP bank', () => httpBank());

describe('HTTP bank', () => {
  it('posts the payout in tetri and GEL under its idempotency key, the key as a bearer token', async () => {
    await httpBank().pay(payoutTo('01001000011', 'payout-41-1'));
    const [request] = service.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/payouts' });
    expect(request?.headers).toMatchObject({
      authorization: 'Bearer bank-test-key',
      'idempotency-key': 'payout-41-1',
    });
    expect(JSON.parse(request?.body ?? '')).toEqual({
      amount_tetri: 150_000,
      currency: 'GEL',
      iban: 'GE29NB0000000101904917',
      name: 'გიორგი ბერიძე',
      personal_number: '01001000011',
      reference: 'SX-2026-000041',
    });
  });

  it.each<[string, FakeAnswer]>([
    ['an HTTP error', (_request, response) => answerJson(response, 500, {})],
    ['an answer that is not JSON', (_request, response) => response.end('<html>maintenance')],
    [
      'an accepted answer without a reference',
      (_request, response) => answerJson(response, 200, { status: 'accepted' }),
    ],
  ])('turns %s into ServiceUnavailableError', async (_case, failing) => {
    service.answerWith(failing);
    const failure = await failureOf(httpBank().pay(payoutTo('01001000011')));
    expect(failure).toMatchObject({ statusCode: 503, service: 'payout_bank' });
  });

  it('gives up after its timeout', async () => {
    service.answerWith(() => {
      // never answers
    });
    const failure = await failureOf(httpBank({ timeoutMs: 200 }).pay(payoutTo('01001000011')));
    expect(failure).toBeInstanceOf(ServiceUnavailableError);
  });
});
