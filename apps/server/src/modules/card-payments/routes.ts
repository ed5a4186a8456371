import { cardPaymentCallback, cardPaymentCreate } from '@sesxi/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { accountOf } from '#app/plugins/authentication.ts';
import { serviceContext } from '#app/service-context.ts';
import { createCardPaymentCallbacks } from './callbacks.ts';
import { createCardPaymentOrdering } from './ordering.ts';
import type { PostPayment } from './post-payment.ts';

/** The largest callback read: Bank of Georgia's are a few kilobytes. */
const callbackBodyLimit = 65_536;

export interface CardPaymentRoutesOptions {
  /** Servicing's posting of a payment to the loan's ledger. */
  postPayment: PostPayment;
}

/**
 * Paying a loan by card (issue 29): the customer's order at the gateway, and the gateway's
 * signed callbacks, which post an approved payment once.
 */
export const cardPaymentRoutes: FastifyPluginCallbackZod<CardPaymentRoutesOptions> = (
  app,
  { postPayment },
  done,
) => {
  app.post(cardPaymentCreate.path, { schema: schemaOf(cardPaymentCreate) }, async (request) => {
    const ordering = createCardPaymentOrdering({
      ...serviceContext(app, request),
      gateway: app.cardGateway,
      appUrl: app.config.appUrl,
    });
    const { redirectUrl } = await ordering.begin(
      accountOf(request).user.id,
      request.params.id,
      request.body,
    );
    return { status: 'success' as const, redirect_url: redirectUrl };
  });

  // The signature covers the body's exact bytes: this route reads them unparsed.
  void app.register((callbacks, _options, registered) => {
    callbacks.removeAllContentTypeParsers();
    callbacks.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: callbackBodyLimit },
      (_request, body, parsed) => {
        parsed(null, body);
      },
    );
    callbacks.post(
      cardPaymentCallback.path,
      { schema: schemaOf(cardPaymentCallback) },
      async (request) => {
        await createCardPaymentCallbacks({
          ...serviceContext(app, request),
          gateway: app.cardGateway,
          postPayment,
          today: (tx) => app.businessCalendar.today(tx),
        }).receive(typeof request.body === 'string' ? request.body : '', request.headers);
        return { status: 'success' as const };
      },
    );
    registered();
  });
  done();
};
