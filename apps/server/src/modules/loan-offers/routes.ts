import { loanOfferQuote } from '@sesxi/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { rowsReadWithSession } from '#app/plugins/authentication.ts';
import { perAccountRateLimit } from '#app/plugins/rate-limit.ts';
import { serviceContext } from '#app/service-context.ts';
import { offerInputsWithSession } from './repository.ts';
import { createLoanOfferService } from './service.ts';

/**
 * Called as the customer types (a debounced call a keystroke or slider move): counted per
 * customer rather than per address, above what typing needs and far below a scraper's pace.
 * The gate runs first (onRequest), so the count is the signed-in customer's.
 */
export const loanOfferRateLimit = perAccountRateLimit('loan-offer', 120);

/** The live loan offer, for onboarded customers (the loan screens' gate). */
export const loanOfferRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(
    loanOfferQuote.path,
    {
      schema: schemaOf(loanOfferQuote),
      config: { ...loanOfferRateLimit, readWithSession: offerInputsWithSession },
    },
    (request) => {
      const [inputs] = rowsReadWithSession(request, offerInputsWithSession);
      if (!inputs) throw new Error('the offer’s inputs were not read with the session');
      return createLoanOfferService({
        ...serviceContext(app, request),
        ptiLimits: app.config.ptiLimits,
      }).quote(inputs, request.body);
    },
  );
  done();
};
