import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { ServiceSettings } from './config/services.ts';
import type { DatabaseConnection } from './db/database.ts';
import { declaredAccess } from './http/route-access.ts';
import { validatorCompiler } from './http/validator.ts';
import { registerContractLifecycle } from './contract-lifecycle.ts';
import { loggerOptions, requestIdOf } from './logging.ts';
import metricsPlugin from './metrics/plugin.ts';
import { createMetrics } from './metrics/registry.ts';
import { contactRoutes } from '#app/modules/contact/index.ts';
import { contentRoutes, createPageTexts, seedPageContent } from '#app/modules/content/index.ts';
import { housekeepingPlugin } from '#app/modules/housekeeping/index.ts';
import { jobsPlugin } from '#app/modules/jobs/index.ts';
import { businessDatePlugin } from '#app/modules/business-date/index.ts';
import { seedDefaultLoanProduct } from '#app/modules/loan-products/index.ts';
import { smsPlugin } from '#app/modules/sms/index.ts';
import { cardPaymentRoutes } from '#app/modules/card-payments/index.ts';
import { payoutRoutes, payoutsPlugin } from '#app/modules/payouts/index.ts';
import { servicingPlugin, servicingRoutes } from '#app/modules/servicing/index.ts';
import { billingPlugin, billingRoutes } from '#app/modules/billing/index.ts';
import { webhooksPlugin } from '#app/modules/webhooks/index.ts';
import { creditReportJobs } from '#app/modules/credit-reports/index.ts';
import { decisionRoutes } from '#app/modules/decisions/index.ts';
import { healthRoutes } from '#app/modules/health/index.ts';
import { identityCheckRoutes } from '#app/modules/identity-checks/index.ts';
import { loanOfferRoutes } from '#app/modules/loan-offers/index.ts';
import { loanFormDocuments, loanRoutes } from '#app/modules/loans/index.ts';
import { loginRoutes } from '#app/modules/login/index.ts';
import { passwordRoutes } from '#app/modules/passwords/index.ts';
import { phoneCodeRoutes } from '#app/modules/phone-codes/index.ts';
import { questionnaireRoutes } from '#app/modules/questionnaires/index.ts';
import { registrationRoutes } from '#app/modules/registration/index.ts';
import { sdaRoutes } from '#app/modules/sda/index.ts';
import { createSessionRepository, createSessionService } from '#app/modules/sessions/index.ts';
import { ssoRoutes } from '#app/modules/sso/index.ts';
import { staffRoutes } from '#app/modules/staff/index.ts';
import { supportRoutes } from '#app/modules/support/index.ts';
import { apiDocs } from './plugins/api-docs/plugin.ts';
import authentication from './plugins/authentication.ts';
import { billerKeyCheck } from './security/biller-keys.ts';
import database from './plugins/database.ts';
import errorEnvelope, {
  answerClientError,
  answerMalformedRequest,
} from './plugins/error-envelope.ts';
import integrations from './plugins/integrations.ts';
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
  await app.register(database, {
    target: config.database,
    connection: overrides.database,
    seeds: [seedDefaultLoanProduct, seedPageContent],
  });
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
  await app.register(jobsPlugin, { pollMs: config.jobPollMs });
  // Close of day looks for ended days once a minute, where background work runs at all.
  await app.register(businessDatePlugin, { pollMs: config.jobPollMs > 0 ? 60_000 : 0 });
  await app.register(webhooksPlugin, { settings: config.webhooks });
  await app.register(smsPlugin, {
    sealSecret: config.codeHashSecret,
    quietHours: config.smsQuietHours,
  });
  await app.register(payoutsPlugin);
  await app.register(servicingPlugin);
  await app.register(billingPlugin);
  // Each route's gate comes from the access the contract declares for it (declaredAccess).
  await app.register(authentication, {
    sessions: createSessionService(createSessionRepository(app.database.db), app.clock, {
      sandboxAccounts: config.services.mode === 'sandbox',
    }),
    accessOf: declaredAccess,
    billerOf: billerKeyCheck(config.billerKeys),
  });
  await app.register(housekeepingPlugin);

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
  await registerContractLifecycle(app);
  await app.register(contentRoutes);
  await app.register(staffRoutes);
  await app.register(payoutRoutes);
  await app.register(servicingRoutes);
  await app.register(cardPaymentRoutes, {
    postPayment: (tx, payment) => app.servicing.postPayment(tx, payment),
  });
  await app.register(billingRoutes);
  await app.register(creditReportJobs);
  if (sandboxSecrets) {
    await app.register(sandboxRoutes, {
      sso: services.sso,
      behindProxy: config.trustProxy !== false,
      secrets: sandboxSecrets,
    });
  }
  await app.register(apiDocs, { productName: config.productName });
  await app.register(web, {
    distDir: config.webDistDir,
    productName: config.productName,
    pageTexts: createPageTexts(app.database.db),
  });

  return app;
}
