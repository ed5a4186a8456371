import { billingDebt, billingPayment } from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { serviceContext } from '#app/service-context.ts';
import { createBillingService } from './service.ts';

/** The biller whose key the route's gate (access `biller`) let the request through with. */
function billerOf(request: FastifyRequest): string {
  if (request.biller === null) throw new Error('a billing route ran without its biller gate');
  return request.biller;
}

/** Per biller, after the gate: a terminal network's traffic, not a person's. */
const perBillerRateLimit = {
  rateLimit: {
    max: 300,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `billing:${request.biller ?? request.ip}`,
  },
};

/** Payments at terminals by personal number (issue 29): the debt, and the payment posted. */
export const billingRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const service = (request: FastifyRequest) =>
    createBillingService({
      ...serviceContext(app, request),
      today: (db) => app.businessCalendar.today(db),
      postPayment: app.servicing.postPayment,
    });

  app.post(
    billingDebt.path,
    { schema: schemaOf(billingDebt), config: perBillerRateLimit },
    async (request) => ({
      status: 'success' as const,
      debt: await service(request).debt(billerOf(request), request.body.personal_number),
    }),
  );

  app.post(
    billingPayment.path,
    { schema: schemaOf(billingPayment), config: perBillerRateLimit },
    async (request) => ({
      status: 'success' as const,
      receipt: await service(request).pay(billerOf(request), request.body),
    }),
  );
  done();
};
