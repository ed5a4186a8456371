import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '#app/errors.ts';
import {
  answerJson,
  startFakeHttpService,
  type FakeAnswer,
  type FakeHttpService,
} from '#app/test/fake-http-service.ts';
import type { CreditBureau, CreditReportRequest } from './credit-bureau.ts';
import { createHttpCreditBureau } from './http-bureau.ts';
import { sandboxCreditBureau } from './sandbox-bureau.ts';

const consent = { id: 41, agreedAt: new Date('2026-11-20T08:00:00Z') };

const requestFor = (personalNumber: string): CreditReportRequest => ({
  personalNumber,
  consent,
  declaredSalary: 2500,
});

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the report to fail');
    },
    (error: unknown) => error,
  );
}

/** What every CreditBureau must do: sandbox.md's outcomes, whichever side of the switch. */
function creditBureauContract(name: string, bureau: () => CreditBureau) {
  describe(`${name} (CreditBureau contract)`, () => {
    it('reports one loan in good standing, paid 10% of the declared salary a month', async () => {
      const report = await bureau().report(requestFor('01001000011'));
      expect(report.loans).toEqual([
        expect.objectContaining({ monthly_payment: 250, overdue_days: 0 }),
      ]);
      expect(report.enquiries).toBeGreaterThanOrEqual(0);
    });

    it('reports a loan 90 or more days overdue for a personal number ending in 95', async () => {
      const report = await bureau().report(requestFor('01001000095'));
      expect(Math.max(...report.loans.map((loan) => loan.overdue_days))).toBeGreaterThanOrEqual(90);
    });

    it('is unreachable for a personal number ending in 96', async () => {
      const failure = await failureOf(bureau().report(requestFor('01001000096')));
      expect(failure).toBeInstanceOf(ServiceUnavailableError);
      expect(failure).toMatchObject({ statusCode: 503, service: 'credit_bureau' });
    });
  });
}

creditBureauContract('sandbox bureau', () => sandboxCreditBureau);

// --- production: our JSON contract, played by a local fake bureau ---------------------------

const fakeBureau: FakeAnswer = (request, response) => {
  if (request.headers.authorization !== 'Bearer bureau-test-key') {
    answerJson(response, 401, { error: 'unauthorized' });
    return;
  }
  const { personal_number } = JSON.parse(request.body) as { personal_number: string };
  if (personal_number.endsWith('96')) {
    answerJson(response, 503, { error: 'maintenance' });
    return;
  }
  const overdue = personal_number.endsWith('95');
  answerJson(response, 200, {
    loans: [
      {
        lender: 'სს ბანკი',
        monthly_payment: 250,
        outstanding: 4500,
        overdue_days: overdue ? 95 : 0,
      },
    ],
    enquiries: 2,
    score: null,
  });
};

let service: FakeHttpService;

beforeAll(async () => {
  service = await startFakeHttpService('/v1/report', fakeBureau);
});

afterAll(() => {
  service.close();
});

beforeEach(() => {
  service.reset();
});

function httpBureau({ timeoutMs = 2_000 } = {}) {
  return createHttpCreditBureau({ url: service.url, apiKey: 'bureau-test-key', timeoutMs });
}

creditBureauContract('HTTP bureau', () => httpBureau());

describe('HTTP bureau', () => {
  it('posts the personal number and the consent’s reference, the key as a bearer token', async () => {
    await httpBureau().report(requestFor('01001000011'));
    const [request] = service.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/report' });
    expect(request?.headers).toMatchObject({ authorization: 'Bearer bureau-test-key' });
    expect(JSON.parse(request?.body ?? '')).toEqual({
      personal_number: '01001000011',
      consent: { reference: '41', given_at: '2026-11-20T08:00:00.000Z' },
    });
  });

  it.each<[string, FakeAnswer]>([
    ['an HTTP error', (_request, response) => answerJson(response, 500, {})],
    ['an answer that is not JSON', (_request, response) => response.end('<html>maintenance')],
    ['an answer of another shape', (_request, response) => answerJson(response, 200, { ok: 1 })],
  ])('turns %s into ServiceUnavailableError', async (_case, failing) => {
    service.answerWith(failing);
    const failure = await failureOf(httpBureau().report(requestFor('01001000011')));
    expect(failure).toMatchObject({ statusCode: 503, service: 'credit_bureau' });
  });

  it('gives up after its timeout', async () => {
    service.answerWith(() => {
      // never answers
    });
    const failure = await failureOf(
      httpBureau({ timeoutMs: 200 }).report(requestFor('01001000011')),
    );
    expect(failure).toBeInstanceOf(ServiceUnavailableError);
  });
});
