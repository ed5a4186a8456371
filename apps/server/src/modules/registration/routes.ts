import { localeFromAcceptLanguage, register, registerForm } from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { evidenceOf } from '#app/modules/consents/index.ts';
import { createSessionRepository, createSessionService } from '#app/modules/sessions/index.ts';
import { serviceContext } from '#app/service-context.ts';
import { createRegistrationService } from './service.ts';

export const registrationRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const sessions = createSessionService(createSessionRepository(app.database.db), app.clock);
  const service = (request: FastifyRequest) =>
    createRegistrationService({
      ...serviceContext(app, request),
      sessions,
    });

  app.get(registerForm.path, { schema: schemaOf(registerForm) }, (request) =>
    service(request).form(localeFromAcceptLanguage(request.headers['accept-language'])),
  );

  app.post(register.path, { schema: schemaOf(register) }, async (request) => {
    const user = await service(request).register(
      request.body,
      evidenceOf(request, app.clock.now()),
    );
    return { status: 'success' as const, user };
  });
  done();
};
