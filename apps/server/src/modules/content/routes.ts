import multipart from '@fastify/multipart';
import { contentImageUpload, contentPublish, contentShow } from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { serviceContext } from '#app/modules/service-context.ts';
import { accountOf } from '#app/plugins/authentication.ts';
import { createContentImages } from './images.ts';
import { createContentService } from './service.ts';

/** A published text may be longer than the 100 KB of other JSON bodies (Georgian: 3 bytes a letter). */
const publishBodyLimit = 1024 * 1024;

/**
 * Texts visitors read (public) and their publishing (content editors only: 401 without a
 * session, 403 for anyone else); images in content, uploaded by editors and served to all.
 */
export const contentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  void app.register(multipart);
  const service = (request: FastifyRequest) => createContentService(serviceContext(app, request));
  const images = createContentImages(app.fileStorage);
  const editorsOnly = { onRequest: app.requireContentEditor };

  app.get(contentShow.path, { schema: schemaOf(contentShow) }, async (request) => ({
    status: 'success' as const,
    content: await service(request).current(request.params.key, request.query.locale),
  }));

  app.put(
    contentPublish.path,
    { ...editorsOnly, bodyLimit: publishBodyLimit, schema: schemaOf(contentPublish) },
    async (request) => ({
      status: 'success' as const,
      content: await service(request).publish(request.params.key, request.body, {
        userId: accountOf(request).user.id,
        ip: request.ip,
      }),
    }),
  );

  app.post(
    contentImageUpload.path,
    { ...editorsOnly, schema: schemaOf(contentImageUpload) },
    async (request) => {
      const url = await images.upload(request);
      request.log.info(
        { event: 'content_image_uploaded', userId: accountOf(request).user.id, url },
        'content image uploaded',
      );
      return { status: 'success' as const, url };
    },
  );

  app.get(
    '/api/content/images/:id',
    { schema: { params: z.object({ id: z.string().max(64) }) } },
    async (request, reply) => {
      const { bytes, type } = await images.read(request.params.id);
      return reply.type(type).header('content-disposition', 'inline').send(bytes);
    },
  );
  done();
};
