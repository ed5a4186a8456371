import {
  corePaymentReport,
  coreRefundReport,
  loanAccountShow,
  loanPayoffShow,
} from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { idempotencyKeyHeader } from '#app/http/idempotency.ts';
import { accountOf } from '#app/plugins/authentication.ts';
import { serviceContext } from '#app/service-context.ts';
import { penaltyPpmOf } from './late-costs.ts';
import { createServicingService } from './service.ts';
import { transferDetailsFor } from './transfer-details.ts';

/** A loan being repaid: its account and payoff quote (its owner's), the core's payments and refunds. */
export const servicingRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const service = (request: FastifyRequest) =>
    createServicingService({
      ...serviceContext(app, request),
      today: (db) => app.businessCalendar.today(db),
      postPayment: app.servicing.postPayment,
      postRefund: app.servicing.postRefund,
      penaltyPpmDaily: penaltyPpmOf(app.config.penaltyRateDaily),
    });

  app.get(loanAccountShow.path, { schema: schemaOf(loanAccountShow) }, async (request) => {
    const { user } = accountOf(request);
    return {
      status: 'success' as const,
      account: await service(request).account(user.id, request.params.id),
      transfer: transferDetailsFor(app.config.lenderAccount, user.identityNumber),
    };
  });

  app.get(loanPayoffShow.path, { schema: schemaOf(loanPayoffShow) }, async (request) => ({
    status: 'success' as const,
    payoff: await service(request).payoff(
      accountOf(request).user.id,
      request.params.id,
      request.query.date,
    ),
  }));

  app.post(corePaymentReport.path, { schema: schemaOf(corePaymentReport) }, async (request) => {
    const { user } = accountOf(request);
    return {
      status: 'success' as const,
      payment: await service(request).reportCorePayment(
        { userId: user.id, isMachine: user.isMachine },
        request.params.id,
        idempotencyKeyHeader(request.headers),
        request.body,
      ),
    };
  });

  app.post(coreRefundReport.path, { schema: schemaOf(coreRefundReport) }, async (request) => {
    const { user } = accountOf(request);
    return {
      status: 'success' as const,
      refund: await service(request).reportCoreRefund(
        { userId: user.id, isMachine: user.isMachine },
        request.params.id,
        idempotencyKeyHeader(request.headers),
        request.body,
      ),
    };
  });
  done();
};
