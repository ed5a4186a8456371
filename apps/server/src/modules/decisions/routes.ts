import {
  applicationAccount,
  applicationApprove,
  applicationContract,
  applicationBankStatementPath,
  applicationConfirm,
  applicationQueue,
  applicationReject,
  applicationReview,
  applicationTakeReview,
  localeFromAcceptLanguage,
  rejectionReasons,
} from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { accountOf } from '#app/plugins/authentication.ts';
import { serviceContext } from '#app/service-context.ts';
import { createDecisionService } from './service.ts';
import type { Officer } from './who-decides.ts';

function officerOf(request: FastifyRequest): Officer {
  const { user } = accountOf(request);
  return {
    userId: user.id,
    identityNumber: user.identityNumber,
    isMachine: user.isMachine,
    ip: request.ip,
    locale: localeFromAcceptLanguage(request.headers['accept-language']),
  };
}

/**
 * The underwriting queue and decisions: credit officers only (401 without a session, 403 for
 * customers and for staff without the role). Every read of a customer's data is logged.
 */
export const decisionRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const service = (request: FastifyRequest) =>
    createDecisionService({
      ...serviceContext(app, request),
      storage: app.fileStorage,
      sms: app.sms,
      productName: app.config.productName,
      ptiLimits: app.config.ptiLimits,
      secondOfficerFrom: app.config.approvalSecondOfficerFrom,
      machineFirstOfficer: app.config.machineFirstOfficer,
      enqueueWebhook: app.webhooks.enqueue,
      offerValidDays: app.config.offerValidDays,
      businessDate: (db) => app.businessCalendar.today(db),
    });

  app.get(rejectionReasons.path, { schema: schemaOf(rejectionReasons) }, async (request) => ({
    status: 'success' as const,
    reasons: await service(request).reasons(officerOf(request).locale),
  }));

  app.get(applicationQueue.path, { schema: schemaOf(applicationQueue) }, (request) =>
    service(request).queue(officerOf(request), request.query),
  );

  app.get(applicationReview.path, { schema: schemaOf(applicationReview) }, (request) =>
    service(request).review(officerOf(request), request.params.id),
  );

  app.get(applicationContract.path, { schema: schemaOf(applicationContract) }, (request) =>
    service(request).contract(officerOf(request), request.params.id),
  );

  app.get(applicationAccount.path, { schema: schemaOf(applicationAccount) }, (request) =>
    service(request).account(officerOf(request), request.params.id),
  );

  app.get(
    applicationBankStatementPath,
    { schema: { params: applicationReview.params } },
    async (request, reply) => {
      const file = await service(request).bankStatement(officerOf(request), request.params.id);
      return reply
        .type(file.type)
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .send(file.bytes);
    },
  );

  app.post(
    applicationTakeReview.path,
    { schema: schemaOf(applicationTakeReview) },
    async (request) => {
      await service(request).takeReview(
        officerOf(request),
        request.params.id,
        request.body.take_over,
      );
      return { status: 'success' as const };
    },
  );

  app.post(applicationApprove.path, { schema: schemaOf(applicationApprove) }, async (request) => ({
    status: 'success' as const,
    decision: await service(request).approve(officerOf(request), request.params.id, request.body),
  }));

  app.post(applicationConfirm.path, { schema: schemaOf(applicationConfirm) }, async (request) => ({
    status: 'success' as const,
    decision: await service(request).confirm(officerOf(request), request.params.id),
  }));

  app.post(applicationReject.path, { schema: schemaOf(applicationReject) }, async (request) => ({
    status: 'success' as const,
    decision: await service(request).reject(officerOf(request), request.params.id, request.body),
  }));
  done();
};
