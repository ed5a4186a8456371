import {
  contractShow,
  contractUpdate,
  documentsShow,
  fileRoutes,
  localeFromAcceptLanguage,
  recordId,
} from '@sesxi/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { accountOf } from '#app/plugins/authentication.ts';
import { serviceContext } from '#app/service-context.ts';
import { createDocumentService } from './documents.ts';
import { offerExpiry } from './expiry.ts';
import type { StandingOf } from './contract-view.ts';
import { createContractService } from './service.ts';

const idParams = { params: z.object({ id: recordId }) };

/** A PDF as a download that is never cached. */
function sendPdf(reply: FastifyReply, { bytes, name }: { bytes: Buffer; name: string }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(bytes);
}

/**
 * The contract of an approved application (its owner's: another customer's id answers 404) and
 * the customer's documents; close of day expires the offers left unsigned.
 */
export interface ContractRoutesOptions {
  standingOf: StandingOf;
}

export const contractRoutes: FastifyPluginCallbackZod<ContractRoutesOptions> = (
  app,
  { standingOf },
  done,
) => {
  const contracts = (request: FastifyRequest) =>
    createContractService({
      ...serviceContext(app, request),
      storage: app.fileStorage,
      productName: app.config.productName,
      businessDate: (db) => app.businessCalendar.today(db),
      standingOf,
    });
  const documents = (request: FastifyRequest) =>
    createDocumentService({
      ...serviceContext(app, request),
      storage: app.fileStorage,
      productName: app.config.productName,
    });
  const localeOf = (request: FastifyRequest) =>
    localeFromAcceptLanguage(request.headers['accept-language']);
  const userIdOf = (request: FastifyRequest) => accountOf(request).user.id;

  app.businessCalendar.onCloseOfDay(
    offerExpiry({
      clock: app.clock,
      log: app.log,
      sms: app.sms,
      enqueueWebhook: app.webhooks.enqueue,
      productName: app.config.productName,
    }),
  );

  app.get(contractShow.path, { schema: schemaOf(contractShow) }, async (request) => ({
    status: 'success' as const,
    contract: await contracts(request).show(
      userIdOf(request),
      request.params.id,
      localeOf(request),
    ),
  }));

  app.put(contractUpdate.path, { schema: schemaOf(contractUpdate) }, async (request) => ({
    status: 'success' as const,
    contract: await contracts(request).choose(
      userIdOf(request),
      request.params.id,
      request.body,
      localeOf(request),
    ),
  }));

  app.get(fileRoutes.contractPdf.path, { schema: idParams }, async (request, reply) =>
    sendPdf(reply, await contracts(request).pdf(userIdOf(request), request.params.id)),
  );

  app.get(documentsShow.path, { schema: schemaOf(documentsShow) }, async (request) => ({
    status: 'success' as const,
    documents: await documents(request).list(userIdOf(request), localeOf(request)),
  }));

  app.get(fileRoutes.document.path, { schema: idParams }, async (request, reply) => {
    const { user } = accountOf(request);
    const downloader = {
      userId: user.id,
      isStaff: user.isStaff,
      isCreditOfficer: user.roles.includes('credit_officer'),
      ip: request.ip,
    };
    return sendPdf(reply, await documents(request).download(downloader, request.params.id));
  });
  done();
};
