import { createPrivateKey, createPublicKey, generateKeyPair, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#app/clock.ts';
import type { Database } from '#app/db/database.ts';
import { ServiceUnavailableError } from '#app/errors.ts';
import { sandboxCardGatewayKeys, sandboxCardOrders } from '#app/db/schema.ts';
import type { CardPaymentGateway } from './card-gateway.ts';
import {
  bogReceipt,
  detailsOf,
  receiptOf,
  signedCallback,
  verifiedCallback,
} from './bog-shapes.ts';

/** The sandbox page an order sends the browser to (sandbox.md). */
export const sandboxPayPath = '/dev-pay';

export type SandboxCardOrder = typeof sandboxCardOrders.$inferSelect;

/** The customer's choice at `/dev-pay/{order}`. */
export type SandboxPayAction = 'approve' | 'decline';

/**
 * The sandbox gateway's key pair (PEM): made by the first instance to need it and read by every
 * other, so a callback one signs any other verifies.
 */
export async function sandboxCardGatewayKeyPair(db: Database) {
  const [stored] = await db.select().from(sandboxCardGatewayKeys);
  if (!stored) {
    const { privateKey, publicKey } = await promisify(generateKeyPair)('rsa', {
      modulusLength: 2048,
    });
    await db
      .insert(sandboxCardGatewayKeys)
      .values({
        id: 1,
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      })
      .onConflictDoNothing();
  }
  const [row] = await db.select().from(sandboxCardGatewayKeys);
  if (!row) throw new Error('the sandbox card gateway kept no key');
  return {
    privateKey: createPrivateKey(row.privateKey),
    publicKey: createPublicKey(row.publicKey),
  };
}

export type SandboxKeyPair = Awaited<ReturnType<typeof sandboxCardGatewayKeyPair>>;

/**
 * Sandbox mode: card payments in-process (sandbox.md). An order waits at
 * `/dev-pay/{order_id}` for the customer to approve or decline it; the gateway then posts its
 * callback to the order's `callback_url` in Bank of Georgia's shape, signed with its own key as
 * the bank signs with its, so the server's callback path is the production one. Orders live in
 * the database, so any instance answers the same.
 */
export function createSandboxCardGateway({
  db,
  appUrl,
  clock,
  log,
}: {
  db: Database;
  appUrl: string;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  // Made on first use: an app that never takes a card payment never spends time on a key.
  let keys: Promise<SandboxKeyPair> | undefined;
  const keyPair = () =>
    (keys ??= sandboxCardGatewayKeyPair(db).catch((error: unknown) => {
      keys = undefined;
      throw error;
    }));

  async function find(orderId: string): Promise<SandboxCardOrder | undefined> {
    const [order] = await db
      .select()
      .from(sandboxCardOrders)
      .where(eq(sandboxCardOrders.orderId, orderId));
    return order;
  }

  /** Posts the order's callback as the bank would; a server that cannot take it is logged. */
  async function sendCallback(order: SandboxCardOrder): Promise<void> {
    const { rawBody, headers } = signedCallback(
      (await keyPair()).privateKey,
      receiptOf({ ...order, statusKey: order.status }),
      clock.now(),
    );
    try {
      const response = await fetch(order.callbackUrl, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: rawBody,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`the callback answered HTTP ${response.status}`);
    } catch (error) {
      log.warn({ err: error, orderId: order.orderId }, 'the sandbox gateway’s callback failed');
    }
  }

  const gateway: CardPaymentGateway = {
    async createOrder({ amountTetri, reference, callbackUrl, redirectUrl }) {
      const orderId = randomUUID();
      await db
        .insert(sandboxCardOrders)
        .values({ orderId, reference, amountTetri, callbackUrl, redirectUrl, status: 'created' });
      return { orderId, redirectUrl: `${appUrl}${sandboxPayPath}/${orderId}` };
    },

    verifyCallback: async (rawBody, headers) =>
      verifiedCallback((await keyPair()).publicKey, rawBody, headers),

    async fetchOrder(orderId) {
      const order = await find(orderId);
      if (!order) {
        throw new ServiceUnavailableError('card_gateway', {
          cause: new Error(`the sandbox gateway has no order ${orderId}`),
        });
      }
      return detailsOf(bogReceipt.parse(receiptOf({ ...order, statusKey: order.status })));
    },
  };

  return {
    ...gateway,
    find,

    /**
     * The customer approved or declined the order at its page: it is completed or rejected
     * (once; a second answer changes nothing) and its callback sent.
     */
    async finish(orderId: string, action: SandboxPayAction): Promise<void> {
      const [finished] = await db
        .update(sandboxCardOrders)
        .set({ status: action === 'approve' ? 'completed' : 'rejected' })
        .where(and(eq(sandboxCardOrders.orderId, orderId), eq(sandboxCardOrders.status, 'created')))
        .returning();
      if (finished) await sendCallback(finished);
    },
  };
}

export type SandboxCardGateway = ReturnType<typeof createSandboxCardGateway>;
