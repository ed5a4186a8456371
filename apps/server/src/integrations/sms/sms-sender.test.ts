import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseConnection } from '#app/db/database.ts';
import { smsOutbox } from '#app/db/schema.ts';
import { HttpError, ServiceUnavailableError } from '#app/errors.ts';
import { openTestDatabase } from '#app/test/build-test-app.ts';
import { createSmsOutbox } from './outbox.ts';
import { createSandboxSmsSender } from './sandbox-sender.ts';
import type { SmsSender } from './sms-sender.ts';
import { createSmsOfficeSender } from './smsoffice-sender.ts';

interface Delivered {
  phone: string;
  text: string;
}

interface SenderUnderTest {
  sender: SmsSender;
  /** What reached the far side (outbox or gateway) since the test began. */
  delivered: () => Promise<Delivered[]>;
}

/** What every SmsSender must do, whichever side of the sandbox switch it is on. */
function smsSenderContract(name: string, setup: () => Promise<SenderUnderTest>) {
  describe(`${name} (SmsSender contract)`, () => {
    it('delivers a Georgian text to a 5XXXXXXXX number', async () => {
      const { sender, delivered } = await setup();
      await sender.send('599123456', 'თქვენი კოდია: 4821');
      expect(await delivered()).toEqual([{ phone: '599123456', text: 'თქვენი კოდია: 4821' }]);
    });

    it.each(['995599123456', '+995599123456', '499123456', '59912345', '5991234567', ' 599123456'])(
      'refuses %j without sending anything',
      async (phone) => {
        const { sender, delivered } = await setup();
        const failure = await sender.send(phone, 'x').catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(HttpError);
        expect(failure).toMatchObject({ statusCode: 422 });
        expect(await delivered()).toEqual([]);
      },
    );
  });
}

// --- the sandbox: the outbox table ---------------------------------------------------------

let database: DatabaseConnection;
const log = { info: vi.fn() };

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(() => database.close());

smsSenderContract('sandbox sender', async () => {
  await database.db.delete(smsOutbox);
  return {
    sender: createSandboxSmsSender(
      createSmsOutbox(database.db),
      log as unknown as FastifyBaseLogger,
    ),
    delivered: () =>
      database.db.select({ phone: smsOutbox.phone, text: smsOutbox.text }).from(smsOutbox),
  };
});

describe('sandbox sender', () => {
  it('also writes the message to the log', async () => {
    const sender = createSandboxSmsSender(
      createSmsOutbox(database.db),
      log as unknown as FastifyBaseLogger,
    );
    await sender.send('555000111', 'გამარჯობა');
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ phone: '555000111', text: 'გამარჯობა' }),
      expect.any(String),
    );
  });
});

// --- production: smsoffice.ge, played by a local fake ----------------------------------------

type Answer = (request: IncomingMessage, response: ServerResponse) => void;

const accepted: Answer = (_request, response) => {
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify({ Success: true, Message: 'OK', Output: null, ErrorCode: 0 }));
};

let gateway: Server;
let gatewayUrl: string;
let answer: Answer;
let requests: { method: string; url: string; form: URLSearchParams }[];

beforeAll(async () => {
  gateway = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        form: new URLSearchParams(body),
      });
      answer(request, response);
    });
  });
  gateway.listen(0, '127.0.0.1');
  await once(gateway, 'listening');
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/api/v2/send/`;
});

afterAll(() => {
  gateway.closeAllConnections();
  gateway.close();
});

beforeEach(() => {
  answer = accepted;
  requests = [];
});

function smsOffice(timeoutMs = 2_000) {
  return createSmsOfficeSender(
    { apiUrl: gatewayUrl, apiKey: 'test-key', sender: 'Sesxi' },
    { timeoutMs },
  );
}

smsSenderContract('smsoffice.ge sender', () =>
  Promise.resolve({
    sender: smsOffice(),
    delivered: () =>
      Promise.resolve(
        requests.map(({ form }) => ({
          phone: (form.get('destination') ?? '').replace(/^995/, ''),
          text: form.get('content') ?? '',
        })),
      ),
  }),
);

describe('smsoffice.ge sender', () => {
  it('posts the key, 995-prefixed destination, sender, content and urgent=true as a form', async () => {
    await smsOffice().send('599123456', 'კოდი: 1234');
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/v2/send/');
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      key: 'test-key',
      destination: '995599123456',
      sender: 'Sesxi',
      content: 'კოდი: 1234',
      urgent: 'true',
    });
  });

  it.each<[string, Answer]>([
    [
      'a refusal (ErrorCode ≠ 0)',
      (_request, response) => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ Success: false, Message: 'No balance', ErrorCode: 40 }));
      },
    ],
    [
      'an HTTP error',
      (_request, response) => {
        response.statusCode = 502;
        response.end('Bad gateway');
      },
    ],
    ['an answer that is not JSON', (_request, response) => response.end('<html>maintenance')],
    ['an answer of another shape', (_request, response) => response.end('{"ok":true}')],
  ])('turns %s into ServiceUnavailableError', async (_case, failing) => {
    answer = failing;
    const failure = await smsOffice()
      .send('599123456', 'x')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceUnavailableError);
    expect(failure).toMatchObject({ statusCode: 503, service: 'sms' });
  });

  it('gives up after its timeout', async () => {
    answer = () => {
      // never answers
    };
    const started = performance.now();
    const failure = await smsOffice(200)
      .send('599123456', 'x')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceUnavailableError);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('answers ServiceUnavailableError when the gateway cannot be reached', async () => {
    const unreachable = createSmsOfficeSender({
      apiUrl: 'http://127.0.0.1:1/send',
      apiKey: 'k',
      sender: 'Sesxi',
    });
    await expect(unreachable.send('599123456', 'x')).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
  });
});
