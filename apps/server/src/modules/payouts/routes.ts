import { disbursementReport } from '@sesxi/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { idempotencyKeyHeader } from '#app/http/idempotency.ts';
import { accountOf } from '#app/plugins/authentication.ts';
import { serviceContext } from '#app/service-context.ts';
import { createDisbursementReports } from './disbursement.ts';

/** The machine API of payouts: the core system reports the disbursements it made. */
export const payoutRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.post(disbursementReport.path, { schema: schemaOf(disbursementReport) }, async (request) => {
    const { user } = accountOf(request);
    const reports = createDisbursementReports({
      ...serviceContext(app, request),
      sms: app.sms,
      enqueueWebhook: app.webhooks.enqueue,
      enqueue: app.jobs.enqueue,
      productName: app.config.productName,
      mode: app.config.payoutMode,
    });
    return {
      status: 'success' as const,
      payout: await reports.report(
        { userId: user.id, isMachine: user.isMachine },
        request.params.id,
        idempotencyKeyHeader(request.headers),
        request.body,
      ),
    };
  });
  done();
};
