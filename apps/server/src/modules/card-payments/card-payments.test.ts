import { createSign, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fieldErrorsOf } from '@sesxi/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardPaymentOrders, sandboxCardOrders } from '#app/db/schema.ts';
import { receiptOf, signedCallback } from '#app/integrations/card-gateway/bog-shapes.ts';
import { sandboxCardGatewayKeyPair } from '#app/integrations/card-gateway/sandbox-gateway.ts';
import { bearer } from '#app/test/accounts.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { freePort } from '#app/test/listening-app.ts';
import type { Payment, PostPayment } from '#app/modules/servicing/index.ts';
import { createLoanViaApi, setLoanStatus } from '#app/test/loans.ts';
import { onboardedCustomer } from '#app/test/onboarding.ts';
import { onPostgres, raceAt } from '#app/test/race.ts';
import { phoneSeries } from '#app/test/unique.ts';

let app: FastifyInstance;
let baseUrl: string;
let storageDir: string;
const freshPhone = phoneSeries('5577');

/** What servicing was asked to post, in order: a recording stand-in for its `postPayment`. */
const posted: Payment[] = [];
const postPayment: PostPayment = (_tx, payment) => {
  posted.push(payment);
  return Promise.resolve({ transactionId: 1000 + posted.length, duplicate: false });
};

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'sesxi-card-payments-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  // Listening: the sandbox gateway sends its callbacks over HTTP, as the bank does.
  app = await buildTestApp({ APP_URL: baseUrl, STORAGE_DIR: storageDir });
  vi.spyOn(app.servicing, 'postPayment').mockImplementation(postPayment);
  await app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  await rm(storageDir, { recursive: true, force: true });
});

beforeEach(() => {
  posted.length = 0;
});

/** An onboarded customer's loan, paid out and `active`. */
async function activeLoan() {
  const { token } = await onboardedCustomer(app, { phone: freshPhone() });
  const loanId = await createLoanViaApi(app, token);
  await setLoanStatus(app, loanId, 'active');
  return { token, loanId };
}

function payByCard(token: string, loanId: number, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: `/api/loans/${loanId}/card-payments`,
    headers: bearer(token),
    payload: body,
  });
}

/** A card payment begun: the gateway's order id and the page the browser was sent to. */
async function begun(token: string, loanId: number, body: Record<string, unknown>) {
  const answer = await payByCard(token, loanId, body);
  expect(answer.statusCode).toBe(200);
  const redirect = new URL(answer.json<{ redirect_url: string }>().redirect_url);
  const orderId = redirect.pathname.split('/').at(-1) ?? '';
  return { orderId, page: redirect.pathname };
}

/** The customer presses a button of the sandbox's card page. */
function answerAtPage(page: string, action: string) {
  return app.inject({
    method: 'POST',
    url: page,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
}

async function orderRow(orderId: string) {
  const [row] = await app.database.db
    .select()
    .from(cardPaymentOrders)
    .where(eq(cardPaymentOrders.gatewayOrderId, orderId));
  return row;
}

/**
 * The bank approved (or declined) the order without its callback arriving yet: the sandbox
 * gateway's record says so, and the callback it would send is answered, signed with its key.
 */
async function settledAtGateway(orderId: string, status: 'completed' | 'rejected') {
  const [order] = await app.database.db
    .update(sandboxCardOrders)
    .set({ status })
    .where(eq(sandboxCardOrders.orderId, orderId))
    .returning();
  if (!order) throw new Error(`the sandbox gateway has no order ${orderId}`);
  const { privateKey } = await sandboxCardGatewayKeyPair(app.database.db);
  return signedCallback(privateKey, receiptOf({ ...order, statusKey: status }), new Date());
}

function sendCallback({ rawBody, headers }: { rawBody: string; headers: Record<string, string> }) {
  return app.inject({
    method: 'POST',
    url: '/api/card-payments/callback',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: rawBody,
  });
}

describe('paying a loan by card', () => {
  it('sends the browser to the gateway, and an approval there posts the payment once, on the business date', async () => {
    const { token, loanId } = await activeLoan();
    const answer = await payByCard(token, loanId, { amount: '45,50' });
    expect(answer.json()).toEqual({
      status: 'success',
      redirect_url: expect.stringMatching(new RegExp(`^${baseUrl}/dev-pay/[\\w-]+$`)) as unknown,
    });
    const page = new URL(answer.json<{ redirect_url: string }>().redirect_url).pathname;
    const orderId = page.split('/').at(-1) ?? '';

    const shown = await app.inject({ url: page });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<form method="post"');
    expect(shown.body).toContain('name="action" value="approve"');
    expect(shown.body).toContain('name="action" value="decline"');
    expect(shown.body).toContain('45,50');

    const approved = await answerAtPage(page, 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`${baseUrl}/loans/${loanId}`);
    expect(posted).toEqual([
      {
        loanId,
        amountTetri: 4550,
        paidOn: await app.businessCalendar.today(),
        channel: 'card',
        reference: orderId,
        purpose: 'instalment',
      },
    ]);
    expect(await orderRow(orderId)).toMatchObject({
      state: 'paid',
      transactionId: 1001,
      amountTetri: 4550,
      purpose: 'instalment',
      keep: null,
    });
  });

  it('posts a prepayment keeping the instalment (the term shortens)', async () => {
    const { token, loanId } = await activeLoan();
    for (const body of [
      { amount: 300, purpose: 'prepayment' },
      { amount: 200.5, purpose: 'prepayment', keep: 'payment' },
    ]) {
      const { page } = await begun(token, loanId, body);
      expect((await answerAtPage(page, 'approve')).statusCode).toBe(303);
    }
    expect(
      posted.map(({ amountTetri, purpose, keep }) => ({ amountTetri, purpose, keep })),
    ).toEqual([
      { amountTetri: 30_000, purpose: 'prepayment', keep: 'payment' },
      { amountTetri: 20_050, purpose: 'prepayment', keep: 'payment' },
    ]);
  });

  it('posts nothing twice when the same callback comes again', async () => {
    const { token, loanId } = await activeLoan();
    const { orderId, page } = await begun(token, loanId, { amount: 10 });
    await answerAtPage(page, 'approve');
    expect(posted).toHaveLength(1);
    const again = await sendCallback(await settledAtGateway(orderId, 'completed'));
    expect(again.statusCode).toBe(200);
    expect(posted).toHaveLength(1);
    expect(await orderRow(orderId)).toMatchObject({ state: 'paid', transactionId: 1001 });
  });

  it('posts nothing for a declined payment, nor for a late callback saying it was approved', async () => {
    const { token, loanId } = await activeLoan();
    const { orderId, page } = await begun(token, loanId, { amount: 10 });
    const declined = await answerAtPage(page, 'decline');
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(`${baseUrl}/loans/${loanId}`);
    expect(await orderRow(orderId)).toMatchObject({ state: 'declined', transactionId: null });
    const late = await sendCallback(await settledAtGateway(orderId, 'completed'));
    expect(late.statusCode).toBe(200);
    expect(posted).toEqual([]);
    expect(await orderRow(orderId)).toMatchObject({ state: 'declined' });
  });

  it('refuses a forged callback and posts nothing, then hears the bank’s own', async () => {
    const { token, loanId } = await activeLoan();
    const { orderId } = await begun(token, loanId, { amount: 10 });
    const genuine = await settledAtGateway(orderId, 'completed');
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const forgeries: { rawBody: string; headers: Record<string, string> }[] = [
      {
        rawBody: genuine.rawBody,
        headers: {
          'callback-signature': createSign('sha256')
            .update(genuine.rawBody)
            .sign(otherKey, 'base64'),
        },
      },
      { rawBody: genuine.rawBody, headers: {} },
      { rawBody: genuine.rawBody.replace('"10.00"', '"1.00"'), headers: genuine.headers },
    ];
    for (const forged of forgeries) {
      const answer = await sendCallback(forged);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        status: 'error',
        message: 'გადახდის შეტყობინების ხელმოწერა არასწორია',
      });
    }
    expect(posted).toEqual([]);
    expect(await orderRow(orderId)).toMatchObject({ state: 'pending' });
    expect((await sendCallback(genuine)).statusCode).toBe(200);
    expect(posted).toMatchObject([{ loanId, reference: orderId, amountTetri: 1000 }]);
  });

  it('posts nothing while the gateway still says the order is pending', async () => {
    const { token, loanId } = await activeLoan();
    const { orderId } = await begun(token, loanId, { amount: 10 });
    const { privateKey } = await sandboxCardGatewayKeyPair(app.database.db);
    const [order] = await app.database.db
      .select()
      .from(sandboxCardOrders)
      .where(eq(sandboxCardOrders.orderId, orderId));
    if (!order) throw new Error('no sandbox order');
    // A callback that says completed, signed by the gateway, while the gateway's record does not.
    const early = signedCallback(
      privateKey,
      receiptOf({ ...order, statusKey: 'completed' }),
      new Date(),
    );
    expect((await sendCallback(early)).statusCode).toBe(200);
    expect(posted).toEqual([]);
    expect(await orderRow(orderId)).toMatchObject({ state: 'pending' });
  });

  it("answers 404 for another customer's loan and 409 for a loan that is not active", async () => {
    const { loanId } = await activeLoan();
    const other = await activeLoan();
    const foreign = await payByCard(other.token, loanId, { amount: 10 });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/loans/${loanId}/card-payments`,
      payload: { amount: 10 },
    });
    expect(anonymous.statusCode).toBe(401);
    await setLoanStatus(app, other.loanId, 'signed');
    const early = await payByCard(other.token, other.loanId, { amount: 10 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      message: 'ბარათით გადახდა შესაძლებელია მხოლოდ აქტიურ სესხზე',
    });
    expect(
      await app.database.db
        .select()
        .from(cardPaymentOrders)
        .where(eq(cardPaymentOrders.loanId, loanId)),
    ).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['no amount', {}, { amount: ['ველის შევსება სავალდებულოა'] }],
    ['a zero amount', { amount: 0 }, { amount: ['თანხა უნდა იყოს მინიმუმ 0,01\u00a0₾'] }],
    ['a negative amount', { amount: '-5' }, { amount: ['თანხა უნდა იყოს მინიმუმ 0,01\u00a0₾'] }],
    [
      'three decimals',
      { amount: '10,555' },
      { amount: ['თანხა შეიძლება შეიცავდეს მაქსიმუმ 2 ათწილად ნიშანს'] },
    ],
    ['words', { amount: 'ათი' }, { amount: ['შეიყვანეთ თანხა (არაუარყოფითი რიცხვი)'] }],
    ['an unknown purpose', { amount: 10, purpose: 'gift' }, { purpose: ['მნიშვნელობა არასწორია'] }],
    [
      'a kept term for an instalment',
      { amount: 10, keep: 'term' },
      { keep: ['ვადის ან შენატანის შენარჩუნების არჩევა მხოლოდ წინსწრებით დაფარვისას შეიძლება'] },
    ],
  ])('answers 422 with Georgian field errors for %s', async (_case, body, errors) => {
    const { token, loanId } = await activeLoan();
    const answer = await payByCard(token, loanId, body);
    expect(answer.statusCode).toBe(422);
    expect(fieldErrorsOf(answer.json())).toEqual(errors);
  });
});

describe('the sandbox card page', () => {
  it('answers 404 for an order it never made, and 400 for an answer that is neither button', async () => {
    const unknown = await app.inject({ url: '/dev-pay/00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('role="alert"');
    const { token, loanId } = await activeLoan();
    const { orderId, page } = await begun(token, loanId, { amount: 10 });
    expect((await answerAtPage(page, 'maybe')).statusCode).toBe(400);
    expect(await orderRow(orderId)).toMatchObject({ state: 'pending' });
    expect(posted).toEqual([]);
  });
});

describe('two identical callbacks at once', () => {
  it.runIf(onPostgres)('post the payment once: the second waits for the order’s lock', async () => {
    const { token, loanId } = await activeLoan();
    const { orderId } = await begun(token, loanId, { amount: 10 });
    const callback = await settledAtGateway(orderId, 'completed');
    const race = raceAt(app, /from "card_payment_orders" where "card_payment_orders"\."id" = \$1/);
    const answers = await Promise.all([sendCallback(callback), sendCallback(callback)]);
    await race.finish();
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(posted).toHaveLength(1);
    expect(await orderRow(orderId)).toMatchObject({ state: 'paid' });
  });
});
