import { devSmsOutbox, formatTimestamp } from '@sesxi/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { createSmsOutbox } from '#app/integrations/sms/outbox.ts';

/** `GET /api/dev/sms-outbox?phone=…`: what the sandbox "sent" to a phone, for people and tests. */
export const smsOutboxRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const outbox = createSmsOutbox(app.database.db);

  app.get(devSmsOutbox.path, { schema: schemaOf(devSmsOutbox) }, async (request) => {
    const messages = await outbox.latestTo(request.query.phone);
    return {
      status: 'success' as const,
      messages: messages.map(({ phone, text, createdAt }) => ({
        phone,
        text,
        created_at: formatTimestamp(createdAt),
      })),
    };
  });
  done();
};
