import { contactMain } from '@sesxi/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { createContactRepository } from './repository.ts';
import { createContactService } from './service.ts';

export const contactRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const contact = createContactService(createContactRepository(app.database.db));

  app.get(contactMain.path, { schema: schemaOf(contactMain) }, () => contact.mainContact());
  done();
};
