import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.ts';
import type { Config, ServiceSettings } from './config.ts';
import type { DatabaseConnection } from './db/database.ts';
import { declaredAccess } from './http/route-access.ts';
import { validatorCompiler } from './http/validator.ts';
import { loggerOptions, requestIdOf } from './logging.ts';
import metricsPlugin from './metrics/plugin.ts';
import { createMetrics } from './metrics/registry.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import texts from './modules/texts/plugin.ts';
import webhooks from './modules/webhooks/jobs.ts';
import { creditReportJobs } from './modules/credit-reports/jobs.ts';
import { decisionRoutes } from './modules/decisions/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { identityCheckRoutes } from './modules/identity-checks/routes.ts';
import { loanOfferRoutes } from './modules/loan-offers/routes.ts';
import { loanFormDocuments } from './modules/loans/form-document.ts';
import { loanRoutes } from './modules/loans/routes.ts';
import { loginRoutes } from './modules/login/routes.ts';
import { passwordRoutes } from './modules/passwords/routes.ts';
import { createSessionRepository } from './modules/sessions/repository.ts';
import { createSessionService } from './modules/sessions/service.ts';
import { phoneCodeRoutes } from './modules/phone-codes/routes.ts';
import { questionnaireRoutes } from './modules/questionnaires/routes.ts';
import { registrationRoutes } from './modules/registration/routes.ts';
import { sdaRoutes } from './modules/sda/routes.ts';
import { ssoRoutes } from './modules/sso/routes.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { apiDocs } from './plugins/api-docs/plugin.ts';
import authentication from './plugins/authentication.ts';
import database from './plugins/database.ts';
import errorEnvelope, {
  answerClientError,
  answerMalformedRequest,
} from './plugins/error-envelope.ts';
import housekeeping from './plugins/housekeeping.ts';
import integrations from './plugins/integrations.ts';
import jobs from './plugins/jobs.ts';
import jsonBody from './plugins/json-body.ts';
import openApi from './plugins/openapi.ts';
import rateLimit from './plugins/rate-limit.ts';
import securityHeaders from './plugins/security-headers.ts';
import web from './plugins/web.ts';
import { sharedSandboxSecrets } from './sandbox/identity-provider/shared-secrets.ts';
import { sandboxRoutes } from './sandbox/routes.ts';

/** JSON bodies up to 100 KB (security.md); file uploads set their own limits. */
export const bodyLimit = 102_400;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
    /** Shutting down: not ready for new work, finishing what it has (see main.ts). */
    draining: boolean;
  }
}

/** What tests put in place of the real thing: an open database, a clock they move, a log. */
export interface AppOverrides {
  database?: DatabaseConnection;
  clock?: Clock;
  logStream?: Writable;
}

/**
 * Builds the app from plugins: the outside ones (security headers, rate limit), then our own
 * (error envelope, body parsing, database, integrations), then the routes. Nothing listens
 * yet: main.ts does, tests use `app.inject`.
 */
export async function buildApp(
  config: Config,
  overrides: AppOverrides = {},
): Promise<FastifyInstance> {
  // The business counters hear the modules' log events, so the metrics exist before the log.
  const metrics = createMetrics({ processMetrics: config.metricsPort > 0 });
  const app = Fastify({
    logger: loggerOptions(config.logLevel, overrides.logStream, metrics.countEvent),
    genReqId: requestIdOf,
    bodyLimit,
    trustProxy: config.trustProxy,
    frameworkErrors: answerMalformedRequest,
    clientErrorHandler: answerClientError,
    // Start-up may wait for another instance's migrations (under the advisory lock), or for a
    // busy machine: Fastify's 10 s default would give up on a healthy start.
    pluginTimeout: 120_000,
  });
  app.decorate('config', config);
  app.decorate('clock', overrides.clock ?? systemClock);
  app.decorate('draining', false);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, next) => {
    reply.header('x-request-id', request.id);
    // While draining, every answer ends its connection, so no client keeps one to reuse.
    if (app.draining) reply.header('connection', 'close');
    next();
  });

  await app.register(metricsPlugin, { metrics, host: config.host, port: config.metricsPort });
  await app.register(openApi, {
    productName: config.productName,
    appUrl: config.appUrl,
    accessOf: declaredAccess,
    multipartBodies: loanFormDocuments(),
  });
  await app.register(securityHeaders, { production: config.services.mode === 'production' });
  await app.register(rateLimit, {
    perMinute: config.rateLimitPerMinute,
    redisUrl: config.redisUrl,
  });

  await app.register(errorEnvelope);
  await app.register(jsonBody);
  await app.register(database, { target: config.database, connection: overrides.database });
  // The sandbox's app and provider share a client secret every instance reads from the database.
  const sandboxSecrets =
    config.services.mode === 'sandbox' ? await sharedSandboxSecrets(app.database.db) : undefined;
  const services: ServiceSettings = sandboxSecrets
    ? {
        ...config.services,
        sso: { ...config.services.sso, clientSecret: sandboxSecrets.clientSecret },
      }
    : config.services;
  await app.register(integrations, { services, storage: config.storage });
  await app.register(jobs, { pollMs: config.jobPollMs });
  await app.register(webhooks, { settings: config.webhooks });
  await app.register(texts, { sealSecret: config.codeHashSecret });
  // Each route's gate comes from the access the contract declares for it (declaredAccess).
  await app.register(authentication, {
    sessions: createSessionService(createSessionRepository(app.database.db), app.clock, {
      sandboxAccounts: config.services.mode === 'sandbox',
    }),
    accessOf: declaredAccess,
  });
  await app.register(housekeeping);

  await app.register(healthRoutes);
  await app.register(contactRoutes);
  await app.register(phoneCodeRoutes);
  await app.register(ssoRoutes);
  await app.register(registrationRoutes);
  await app.register(loginRoutes);
  await app.register(passwordRoutes);
  await app.register(sdaRoutes);
  await app.register(questionnaireRoutes);
  await app.register(loanRoutes);
  await app.register(loanOfferRoutes);
  await app.register(identityCheckRoutes);
  await app.register(supportRoutes);
  await app.register(decisionRoutes);
  await app.register(contentRoutes);
  await app.register(staffRoutes);
  await app.register(creditReportJobs);
  if (sandboxSecrets) {
    await app.register(sandboxRoutes, {
      sso: services.sso,
      behindProxy: config.trustProxy !== false,
      secrets: sandboxSecrets,
    });
  }
  await app.register(apiDocs, { productName: config.productName });
  await app.register(web, { distDir: config.webDistDir, productName: config.productName });

  return app;
}
