import { createSign, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '#app/clock.ts';
import type { DatabaseConnection } from '#app/db/database.ts';
import { ServiceUnavailableError } from '#app/errors.ts';
import { openTestDatabase } from '#app/test/build-test-app.ts';
import {
  answerJson,
  startFakeHttpService,
  type FakeAnswer,
  type FakeHttpService,
  type RecordedRequest,
} from '#app/test/fake-http-service.ts';
import { createBogClient } from './bog-client.ts';
import type { CardOrderRequest, CardPaymentGateway } from './card-gateway.ts';
import { createSandboxCardGateway, type SandboxPayAction } from './sandbox-gateway.ts';

interface GatewayUnderTest {
  gateway: CardPaymentGateway;
  /** The customer approves or declines the order at the gateway's page. */
  finish: (orderId: string, action: SandboxPayAction) => Promise<void>;
}

/** Where both gateways send their callbacks in these tests: a recorder on a loopback port. */
let callbacks: FakeHttpService;

const order = (): CardOrderRequest => ({
  amountTetri: 12_345,
  currency: 'GEL',
  reference: `SX-CARD-${randomUUID()}`,
  callbackUrl: callbacks.url,
  redirectUrl: 'https://sesxi.example/loans/41',
});

/** The callback the gateway sent last, as the server receives it. */
function lastCallback(): RecordedRequest {
  const callback = callbacks.requests.at(-1);
  if (!callback) throw new Error('the gateway sent no callback');
  return callback;
}

/** What every CardPaymentGateway must do, whichever side of the sandbox switch it is on. */
function cardGatewayContract(name: string, setup: () => GatewayUnderTest) {
  describe(`${name} (CardPaymentGateway contract)`, () => {
    it('makes an order the browser goes to pay, pending until the customer answers', async () => {
      const { gateway } = setup();
      const request = order();
      const made = await gateway.createOrder(request);
      expect(made.orderId).toMatch(/\S/);
      expect(new URL(made.redirectUrl).href).toBe(made.redirectUrl);
      expect((await gateway.createOrder(order())).orderId).not.toBe(made.orderId);
      expect(await gateway.fetchOrder(made.orderId)).toEqual({
        orderId: made.orderId,
        status: 'pending',
        amountTetri: 12_345,
        currency: 'GEL',
        reference: request.reference,
      });
      expect(callbacks.requests).toEqual([]);
    });

    it.each([
      ['approve', 'approved'],
      ['decline', 'declined'],
    ] as const)(
      'once the customer chooses to %s, sends a signed callback naming the order, which then reads %s',
      async (action, status) => {
        const { gateway, finish } = setup();
        const { orderId } = await gateway.createOrder(order());
        await finish(orderId, action);
        const callback = lastCallback();
        expect(callback).toMatchObject({
          method: 'POST',
          headers: { 'content-type': expect.stringMatching(/^application\/json/) as unknown },
        });
        expect(await gateway.verifyCallback(callback.body, callback.headers)).toEqual({ orderId });
        expect(await gateway.fetchOrder(orderId)).toMatchObject({ orderId, status });
      },
    );

    it('refuses a callback it did not sign: altered, unsigned, or signed with another key', async () => {
      const { gateway, finish } = setup();
      const { orderId } = await gateway.createOrder(order());
      await finish(orderId, 'decline');
      const { body, headers } = lastCallback();
      const altered = body.replace('"rejected"', '"completed"');
      expect(altered).not.toBe(body);
      expect(await gateway.verifyCallback(altered, headers)).toBeNull();
      expect(await gateway.verifyCallback(body, {})).toBeNull();
      expect(
        await gateway.verifyCallback(body, { 'callback-signature': 'bm90IGEgc2lnbmF0dXJl' }),
      ).toBeNull();
      const forged = signed(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey, body);
      expect(await gateway.verifyCallback(body, { 'callback-signature': forged })).toBeNull();
    });
  });
}

/** The base64 SHA256withRSA signature of `body` by `privateKey`, as Bank of Georgia signs. */
function signed(privateKey: KeyObject, body: string): string {
  return createSign('sha256').update(body).sign(privateKey, 'base64');
}

beforeAll(async () => {
  callbacks = await startFakeHttpService('/api/card-payments/callback', (_request, response) =>
    answerJson(response, 200, { status: 'success' }),
  );
});

afterAll(() => {
  callbacks.close();
});

beforeEach(() => {
  callbacks.reset();
});

// --- the sandbox: orders in the database, answered at /dev-pay ---------------------------------

let database: DatabaseConnection;
let sandbox: ReturnType<typeof createSandboxCardGateway>;

beforeAll(async () => {
  database = await openTestDatabase();
  sandbox = createSandboxCardGateway({
    db: database.db,
    appUrl: 'http://localhost:3000',
    clock: systemClock,
    log: pino({ level: 'silent' }),
  });
});

afterAll(() => database.close());

cardGatewayContract('sandbox gateway', () => ({
  gateway: sandbox,
  finish: async (orderId, action) => {
    await sandbox.finish(orderId, action);
  },
}));

describe('sandbox gateway', () => {
  it('sends the browser to its own page, /dev-pay/{order_id}', async () => {
    const { orderId, redirectUrl } = await sandbox.createOrder(order());
    expect(redirectUrl).toBe(`http://localhost:3000/dev-pay/${orderId}`);
  });

  it('takes the first answer only, and sends its callback once', async () => {
    const { orderId } = await sandbox.createOrder(order());
    await sandbox.finish(orderId, 'decline');
    await sandbox.finish(orderId, 'approve');
    expect(callbacks.requests).toHaveLength(1);
    expect(await sandbox.fetchOrder(orderId)).toMatchObject({ status: 'declined' });
  });

  it('keeps one key pair for every instance on the database', async () => {
    const { orderId } = await sandbox.createOrder(order());
    await sandbox.finish(orderId, 'approve');
    const { body, headers } = lastCallback();
    const other = createSandboxCardGateway({
      db: database.db,
      appUrl: 'http://localhost:3000',
      clock: systemClock,
      log: pino({ level: 'silent' }),
    });
    expect(await other.verifyCallback(body, headers)).toEqual({ orderId });
  });
});

// --- production: Bank of Georgia's API, played by a local fake -----------------------------------

const clientSecret = 'bog-secret-that-stays-on-the-server';
const bankKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });

interface FakeOrder {
  id: string;
  externalOrderId: string;
  amount: number;
  callbackUrl: string;
  status: 'created' | 'completed' | 'rejected';
}

let bog: FakeHttpService;
let orders: Map<string, FakeOrder>;
let tokensIssued: number;
let tokenLifetime: number;

/** Bank of Georgia's receipt of an order, as `GET /receipt/{order_id}` and callbacks carry it. */
function receipt(fake: FakeOrder) {
  return {
    order_id: fake.id,
    industry: 'ecommerce',
    capture: 'automatic',
    external_order_id: fake.externalOrderId,
    order_status: { key: fake.status, value: fake.status },
    purchase_units: {
      request_amount: fake.amount.toFixed(2),
      transfer_amount: fake.status === 'completed' ? fake.amount.toFixed(2) : '0.0',
      refund_amount: '0.0',
      currency_code: 'GEL',
    },
    payment_detail: { transfer_method: { key: 'card', value: 'ბარათით გადახდა' } },
  };
}

const playBog: FakeAnswer = (request, response) => {
  if (request.url === '/oauth/token') {
    const basic = Buffer.from(`sesxi-client:${clientSecret}`).toString('base64');
    if (
      request.headers.authorization !== `Basic ${basic}` ||
      request.body !== 'grant_type=client_credentials'
    ) {
      answerJson(response, 401, { error: 'invalid_client' });
      return;
    }
    tokensIssued += 1;
    answerJson(response, 200, {
      access_token: `token-${tokensIssued}`,
      token_type: 'Bearer',
      expires_in: tokenLifetime,
    });
    return;
  }
  if (!/^Bearer token-\d+$/.test(request.headers.authorization ?? '')) {
    answerJson(response, 401, { message: 'unauthorized' });
    return;
  }
  if (request.method === 'POST' && request.url === '/payments/v1/ecommerce/orders') {
    const body = JSON.parse(request.body) as {
      callback_url: string;
      external_order_id: string;
      purchase_units: { total_amount: number };
    };
    const id = randomUUID();
    orders.set(id, {
      id,
      externalOrderId: body.external_order_id,
      amount: body.purchase_units.total_amount,
      callbackUrl: body.callback_url,
      status: 'created',
    });
    answerJson(response, 200, {
      id,
      _links: {
        details: { href: `${bog.url}/payments/v1/receipt/${id}` },
        redirect: { href: `https://payment.bog.ge/?order_id=${id}` },
      },
    });
    return;
  }
  const found = /^\/payments\/v1\/receipt\/([\w-]+)$/.exec(request.url)?.[1];
  const fake = found === undefined ? undefined : orders.get(found);
  if (request.method === 'GET' && fake) answerJson(response, 200, receipt(fake));
  else answerJson(response, 404, { message: 'not found' });
};

/** The bank's page: the customer pays or is refused, and the bank posts its signed callback. */
async function finishAtBank(orderId: string, action: SandboxPayAction) {
  const fake = orders.get(orderId);
  if (!fake) throw new Error(`the fake bank has no order ${orderId}`);
  fake.status = action === 'approve' ? 'completed' : 'rejected';
  const body = JSON.stringify({
    event: 'order_payment',
    zoned_request_time: '2026-11-27T14:00:00.000000Z',
    body: receipt(fake),
  });
  await fetch(fake.callbackUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'Callback-Signature': signed(bankKeys.privateKey, body),
    },
    body,
  });
}

beforeAll(async () => {
  bog = await startFakeHttpService('', playBog);
});

afterAll(() => {
  bog.close();
});

beforeEach(() => {
  bog.reset();
  orders = new Map();
  tokensIssued = 0;
  tokenLifetime = 600;
});

function bogClient({ timeoutMs = 2_000, url = bog.url } = {}) {
  return createBogClient({
    apiUrl: `${url}/payments/v1`,
    oauthUrl: `${url}/oauth/token`,
    clientId: 'sesxi-client',
    clientSecret,
    callbackPublicKey: bankKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    timeoutMs,
  });
}

cardGatewayContract('Bank of Georgia client', () => ({
  gateway: bogClient(),
  finish: finishAtBank,
}));

describe('Bank of Georgia client', () => {
  it('makes the order in lari with a client-credentials token, in Georgian', async () => {
    const request = order();
    await bogClient().createOrder(request);
    const [token, made] = bog.requests;
    expect(token).toMatchObject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(made).toMatchObject({
      method: 'POST',
      url: '/payments/v1/ecommerce/orders',
      headers: { authorization: 'Bearer token-1', 'accept-language': 'ka' },
    });
    expect(JSON.parse(made?.body ?? '')).toEqual({
      callback_url: request.callbackUrl,
      external_order_id: request.reference,
      purchase_units: {
        currency: 'GEL',
        total_amount: 123.45,
        basket: [{ product_id: 'loan-payment', quantity: 1, unit_price: 123.45 }],
      },
      redirect_urls: { success: request.redirectUrl, fail: request.redirectUrl },
    });
  });

  it('keeps its token until shortly before it expires', async () => {
    const client = bogClient();
    const { orderId } = await client.createOrder(order());
    await client.fetchOrder(orderId);
    expect(tokensIssued).toBe(1);
    tokenLifetime = 10;
    const shortLived = bogClient();
    await shortLived.fetchOrder(orderId);
    await shortLived.fetchOrder(orderId);
    expect(tokensIssued).toBe(3);
  });

  it.each<[string, FakeAnswer]>([
    ['a refused token', (_request, response) => answerJson(response, 401, { error: 'x' })],
    ['an HTTP error', (_request, response) => answerJson(response, 500, {})],
    ['an answer that is not JSON', (_request, response) => response.end('<html>maintenance')],
    [
      'a token of another shape',
      (_request, response) => answerJson(response, 200, { token: clientSecret }),
    ],
  ])('turns %s into ServiceUnavailableError that never names the secret', async (_case, answer) => {
    bog.answerWith(answer);
    const failure = await bogClient()
      .createOrder(order())
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceUnavailableError);
    expect(failure).toMatchObject({ statusCode: 503, service: 'card_gateway' });
    expect(describeError(failure)).not.toContain(clientSecret);
  });

  it('turns a receipt of another shape into ServiceUnavailableError', async () => {
    const client = bogClient();
    const { orderId } = await client.createOrder(order());
    bog.answerWith((request, response) => {
      if (request.url === '/oauth/token') playBog(request, response);
      else answerJson(response, 200, { order_id: orderId, order_status: 'completed' });
    });
    await expect(client.fetchOrder(orderId)).rejects.toBeInstanceOf(ServiceUnavailableError);
  });

  it('gives up after its timeout, and when the bank cannot be reached', async () => {
    bog.answerWith(() => {
      // never answers
    });
    await expect(bogClient({ timeoutMs: 200 }).createOrder(order())).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
    await expect(bogClient({ url: 'http://127.0.0.1:1' }).fetchOrder('x')).rejects.toBeInstanceOf(
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
