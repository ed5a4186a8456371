/** An order for the customer to pay by card at the gateway's page. */
export interface CardOrderRequest {
  amountTetri: number;
  currency: 'GEL';
  /** Our name for the order, which the gateway keeps and answers (`external_order_id`). */
  reference: string;
  /** Where the gateway sends its signed callback when the order is paid or declined. */
  callbackUrl: string;
  /** Where the gateway sends the browser back to, whatever the outcome. */
  redirectUrl: string;
}

/** The gateway's order: the browser goes to `redirectUrl` to pay it. */
export interface CardOrder {
  orderId: string;
  redirectUrl: string;
}

export type CardOrderStatus = 'approved' | 'declined' | 'pending';

/** An order as the gateway tells it when asked. */
export interface CardOrderDetails {
  orderId: string;
  status: CardOrderStatus;
  amountTetri: number;
  currency: string;
  reference: string;
}

/** A callback whose signature verified: it names the order, whose status must be fetched again. */
export interface VerifiedCallback {
  orderId: string;
}

/**
 * The card-payment gateway (Bank of Georgia's online payments in production, sandbox.md's
 * `/dev-pay/{order}` otherwise). `createOrder` and `fetchOrder` throw ServiceUnavailableError
 * ('card_gateway') when the gateway cannot be reached or answers in another shape.
 * `verifyCallback` answers null for a callback the gateway did not sign, or one it signed in a
 * shape it does not send.
 */
export interface CardPaymentGateway {
  createOrder(request: CardOrderRequest): Promise<CardOrder>;
  verifyCallback(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<VerifiedCallback | null>;
  fetchOrder(orderId: string): Promise<CardOrderDetails>;
}
