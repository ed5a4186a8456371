import { createSign, createVerify, type KeyObject } from 'node:crypto';
import { toGel, toTetri } from '@sesxi/contract';
import { z } from 'zod';
import type { CardOrderDetails, CardOrderStatus, VerifiedCallback } from './card-gateway.ts';

/**
 * Bank of Georgia's online payments API as far as this app reads it: an order's details
 * (`GET /receipt/{order_id}`, and the `body` of its callbacks). Every other field is allowed.
 */
export const bogReceipt = z.looseObject({
  order_id: z.string().min(1),
  external_order_id: z.string(),
  order_status: z.looseObject({ key: z.string() }),
  purchase_units: z.looseObject({
    // Lari, sent as a string ("12.5") or a number.
    request_amount: z
      .union([z.string(), z.number()])
      .transform(Number)
      .pipe(z.number().nonnegative()),
    currency_code: z.string(),
  }),
});
export type BogReceipt = z.input<typeof bogReceipt>;

/** The callback Bank of Georgia posts to the order's `callback_url`. */
const bogCallback = z.looseObject({ event: z.literal('order_payment'), body: bogReceipt });

/** The header carrying the base64 SHA256withRSA signature of the callback's raw body. */
export const callbackSignatureHeader = 'callback-signature';

/**
 * The order status keys: `completed` is paid, `rejected` declined; every other (`created`,
 * `processing`, a refund's, a pre-authorization's) posts nothing yet.
 */
function statusOf(key: string): CardOrderStatus {
  if (key === 'completed') return 'approved';
  if (key === 'rejected') return 'declined';
  return 'pending';
}

export function detailsOf(receipt: z.output<typeof bogReceipt>): CardOrderDetails {
  return {
    orderId: receipt.order_id,
    status: statusOf(receipt.order_status.key),
    amountTetri: toTetri(receipt.purchase_units.request_amount),
    currency: receipt.purchase_units.currency_code,
    reference: receipt.external_order_id,
  };
}

/** An order's details in Bank of Georgia's shape, for a gateway that plays it. */
export function receiptOf(order: {
  orderId: string;
  reference: string;
  amountTetri: number;
  statusKey: string;
}): BogReceipt {
  return {
    order_id: order.orderId,
    external_order_id: order.reference,
    order_status: { key: order.statusKey },
    purchase_units: {
      request_amount: toGel(order.amountTetri).toFixed(2),
      currency_code: 'GEL',
    },
  };
}

/** Bank of Georgia's callback of `receipt`, with its body as sent and its signature header. */
export function signedCallback(privateKey: KeyObject, receipt: BogReceipt, at: Date) {
  const rawBody = JSON.stringify({
    event: 'order_payment',
    zoned_request_time: at.toISOString(),
    body: receipt,
  });
  const signature = createSign('sha256').update(rawBody).sign(privateKey, 'base64');
  return { rawBody, headers: { [callbackSignatureHeader]: signature } };
}

/**
 * A callback's order, when `rawBody` carries the signature of `publicKey`'s holder
 * (SHA256withRSA, base64, in `Callback-Signature`) and is a callback of theirs; null otherwise.
 */
export function verifiedCallback(
  publicKey: KeyObject,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): VerifiedCallback | null {
  const signature = headers[callbackSignatureHeader];
  if (typeof signature !== 'string') return null;
  const valid = createVerify('sha256').update(rawBody).verify(publicKey, signature, 'base64');
  if (!valid) return null;
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const callback = bogCallback.safeParse(body);
  return callback.success ? { orderId: callback.data.body.order_id } : null;
}
