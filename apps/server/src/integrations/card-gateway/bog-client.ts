import { createPublicKey } from 'node:crypto';
import { toGel } from '@sesxi/contract';
import { z } from 'zod';
import type { BogPaymentsSettings } from '#app/config/services.ts';
import { ServiceUnavailableError } from '#app/errors.ts';
import type { CardPaymentGateway } from './card-gateway.ts';
import { bogReceipt, detailsOf, verifiedCallback } from './bog-shapes.ts';

const service = 'card_gateway';

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
});

const orderAnswer = z.object({
  id: z.string().min(1),
  _links: z.object({ redirect: z.object({ href: z.url() }) }),
});

/** A token is asked for again this long before the bank says it expires. */
const tokenMarginMs = 30_000;

/**
 * Production card payments through Bank of Georgia's online payments API: an OAuth 2.0
 * client-credentials token (kept until shortly before it expires), `POST /ecommerce/orders`
 * and `GET /receipt/{order_id}`; callbacks are verified with the bank's public key. The client
 * secret goes only in the token request's Authorization header.
 */
export function createBogClient(settings: BogPaymentsSettings): CardPaymentGateway {
  const publicKey = createPublicKey(settings.callbackPublicKey);
  let token: { value: string; until: number } | undefined;

  async function call(url: string, init: RequestInit): Promise<unknown> {
    try {
      const response = await fetch(url, {
        ...init,
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      if (!response.ok) throw new Error(`the bank answered HTTP ${response.status}`);
      return await response.json();
    } catch (error) {
      throw new ServiceUnavailableError(service, { cause: error });
    }
  }

  function parsed<Shape extends z.ZodType>(shape: Shape, body: unknown): z.output<Shape> {
    const result = shape.safeParse(body);
    if (!result.success) {
      throw new ServiceUnavailableError(service, {
        cause: new Error('the bank answered in an unknown shape'),
      });
    }
    return result.data;
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const credentials = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString(
      'base64',
    );
    const answer = parsed(
      tokenAnswer,
      await call(settings.oauthUrl, {
        method: 'POST',
        headers: {
          authorization: `Basic ${credentials}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
      }),
    );
    token = {
      value: answer.access_token,
      until: Date.now() + answer.expires_in * 1000 - tokenMarginMs,
    };
    return token.value;
  }

  async function headers(): Promise<Record<string, string>> {
    return {
      authorization: `Bearer ${await accessToken()}`,
      accept: 'application/json',
      'accept-language': 'ka',
    };
  }

  return {
    async createOrder({ amountTetri, currency, reference, callbackUrl, redirectUrl }) {
      const lari = toGel(amountTetri);
      const answer = parsed(
        orderAnswer,
        await call(`${settings.apiUrl}/ecommerce/orders`, {
          method: 'POST',
          headers: { ...(await headers()), 'content-type': 'application/json' },
          body: JSON.stringify({
            callback_url: callbackUrl,
            external_order_id: reference,
            purchase_units: {
              currency,
              total_amount: lari,
              basket: [{ product_id: 'loan-payment', quantity: 1, unit_price: lari }],
            },
            redirect_urls: { success: redirectUrl, fail: redirectUrl },
          }),
        }),
      );
      return { orderId: answer.id, redirectUrl: answer._links.redirect.href };
    },

    verifyCallback: (rawBody, requestHeaders) =>
      Promise.resolve(verifiedCallback(publicKey, rawBody, requestHeaders)),

    async fetchOrder(orderId) {
      const receipt = parsed(
        bogReceipt,
        await call(`${settings.apiUrl}/receipt/${encodeURIComponent(orderId)}`, {
          method: 'GET',
          headers: await headers(),
        }),
      );
      return detailsOf(receipt);
    },
  };
}
