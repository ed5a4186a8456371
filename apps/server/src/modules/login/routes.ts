import { login, logout } from '@sesxi/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { accountOf } from '#app/plugins/authentication.ts';
import { createSessionRepository, createSessionService } from '#app/modules/sessions/index.ts';
import { serviceContext } from '#app/service-context.ts';
import { createLoginService } from './service.ts';

export const loginRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const sessions = createSessionService(createSessionRepository(app.database.db), app.clock);

  app.post(login.path, { schema: schemaOf(login) }, async (request) => {
    const service = createLoginService({
      ...serviceContext(app, request),
      sessions,
      sandboxAccounts: app.config.services.mode === 'sandbox',
    });
    const { phone, password } = request.body;
    return { status: 'success' as const, user: await service.login(phone, password, request.ip) };
  });

  app.post(logout.path, { schema: schemaOf(logout) }, async (request) => {
    const { sessionId, user } = accountOf(request);
    await sessions.end(sessionId);
    request.log.info({ event: 'token_revoked', userId: user.id, reason: 'logout' }, 'signed out');
    return { status: 'success' as const };
  });
  done();
};
