import { changePassword, restorePassword } from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { accountOf } from '#app/plugins/authentication.ts';
import { serviceContext } from '#app/service-context.ts';
import { createPasswordService } from './service.ts';

export const passwordRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const service = (request: FastifyRequest) =>
    createPasswordService({
      ...serviceContext(app, request),
      sms: app.sms,
      productName: app.config.productName,
    });

  app.post(changePassword.path, { schema: schemaOf(changePassword) }, async (request) => {
    await service(request).change(accountOf(request).user, request.body.password);
    return { status: 'success' as const };
  });

  app.post(restorePassword.path, { schema: schemaOf(restorePassword) }, async (request) => {
    await service(request).restore(request.body.phone);
    return { status: 'success' as const };
  });
  done();
};
