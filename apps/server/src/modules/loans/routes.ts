import multipart from '@fastify/multipart';
import {
  creditInfoAgree,
  creditInfoFinish,
  creditInfoShow,
  loanCancel,
  loanCreate,
  loanEditSave,
  loanEditShow,
  loanOptions,
  loansShow,
  localeFromAcceptLanguage,
} from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { bodyCheckedWith, checkedBody } from '#app/http/request-schema.ts';
import { accountOf, rowsReadWithSession } from '#app/plugins/authentication.ts';
import { evidenceOf } from '#app/modules/consents/index.ts';
import { serviceContext } from '#app/service-context.ts';
import { readLoanForm } from './bank-statements.ts';
import { createLoanProductRepository } from '#app/modules/loan-products/index.ts';
import { createSubmissionService } from './submission-service.ts';
import { loanCreateBody, loanEditBody } from './loan-form.ts';
import { applicationsOfSessionUser, formOptionsWithSession } from './session-reads.ts';
import { createLoanService } from './service.ts';

const success = { status: 'success' as const };

/**
 * Loan applications, for onboarded customers only (SDA-verified, questionnaire filled in;
 * support staff are refused). Every route with an id finds only the customer's own.
 */
export const loanRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  void app.register(multipart);
  /** The form read from multipart, then checked against the default product's limits. */
  const multipartForm = (body: typeof loanCreateBody | typeof loanEditBody) => ({
    preValidation: [
      readLoanForm,
      bodyCheckedWith(async () =>
        body(await createLoanProductRepository(app.database.db).defaultProduct()),
      ),
    ],
  });

  const loans = (request: FastifyRequest) =>
    createLoanService({
      ...serviceContext(app, request),
      storage: app.fileStorage,
      enqueueWebhook: app.webhooks.enqueue,
    });
  const submission = (request: FastifyRequest) =>
    createSubmissionService({
      ...serviceContext(app, request),
      sms: app.sms,
      productName: app.config.productName,
      ptiLimits: app.config.ptiLimits,
      jobs: app.jobs,
      enqueueWebhook: app.webhooks.enqueue,
    });
  const localeOf = (request: FastifyRequest) =>
    localeFromAcceptLanguage(request.headers['accept-language']);
  const userIdOf = (request: FastifyRequest) => accountOf(request).user.id;

  // The options are read by the sign-in check, with the session: one round trip.
  app.get(
    loanOptions.path,
    { schema: schemaOf(loanOptions), config: { readWithSession: formOptionsWithSession } },
    (request) => {
      const [read] = rowsReadWithSession(request, formOptionsWithSession);
      if (!read) throw new Error('the form options’ read answered no row');
      return loans(request).options(read, localeOf(request));
    },
  );

  app.post(
    loanCreate.path,
    {
      schema: { ...schemaOf(loanCreate), body: checkedBody(loanCreateBody) },
      ...multipartForm(loanCreateBody),
    },
    (request) => loans(request).create(userIdOf(request), request.body),
  );

  app.get(loanEditShow.path, { schema: schemaOf(loanEditShow) }, (request) =>
    loans(request).editShow(userIdOf(request), request.params.id, localeOf(request)),
  );

  app.post(
    loanEditSave.path,
    {
      schema: { ...schemaOf(loanEditSave), body: checkedBody(loanEditBody) },
      ...multipartForm(loanEditBody),
    },
    async (request) => {
      await loans(request).editSave(userIdOf(request), request.params.id, request.body);
      return success;
    },
  );

  // The list is read by the sign-in check, with the session: one round trip (`/main`'s).
  app.get(
    loansShow.path,
    {
      schema: schemaOf(loansShow),
      config: { readWithSession: applicationsOfSessionUser },
    },
    (request) =>
      loans(request).listOf(
        rowsReadWithSession(request, applicationsOfSessionUser),
        localeOf(request),
      ),
  );

  app.post(loanCancel.path, { schema: schemaOf(loanCancel) }, async (request) => {
    await loans(request).cancel(userIdOf(request), request.params.id);
    return success;
  });

  app.get(creditInfoShow.path, { schema: schemaOf(creditInfoShow) }, (request) =>
    submission(request).consentText(userIdOf(request), request.params.id),
  );

  app.post(creditInfoAgree.path, { schema: schemaOf(creditInfoAgree) }, async (request) => {
    await submission(request).agree(
      userIdOf(request),
      request.params.id,
      evidenceOf(request, app.clock.now()),
      request.body.credit_info_version,
    );
    return success;
  });

  app.post(creditInfoFinish.path, { schema: schemaOf(creditInfoFinish) }, async (request) => {
    await submission(request).finish(
      accountOf(request).user,
      request.params.id,
      request.body.sso_token,
    );
    return success;
  });
  done();
};
