import multipart from '@fastify/multipart';
import {
  contentImageUpload,
  contentPreview,
  contentPublish,
  contentShow,
  fileRoutes,
} from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { serviceContext } from '#app/service-context.ts';
import { accountOf } from '#app/plugins/authentication.ts';
import { perAccountRateLimit } from '#app/plugins/rate-limit.ts';
import { createContentImages } from './images.ts';
import { sanitiseContent } from './sanitise.ts';
import { createContentService } from './service.ts';

/** A published text may be longer than the 100 KB of other JSON bodies (Georgian: 3 bytes a letter). */
const publishBodyLimit = 1024 * 1024;

/** The preview is asked for as the editor types (debounced): above what typing needs. */
const previewRateLimit = perAccountRateLimit('content-preview', 120);

/**
 * Texts visitors read (public), their preview and publishing (content editors only: 401
 * without a session, 403 for anyone else); images in content, uploaded by editors, served to
 * all once published and to editors before.
 */
export const contentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  void app.register(multipart);
  const service = (request: FastifyRequest) => createContentService(serviceContext(app, request));
  const images = createContentImages({
    db: app.database.db,
    storage: app.fileStorage,
    clock: app.clock,
  });

  app.get(contentShow.path, { schema: schemaOf(contentShow) }, async (request) => ({
    status: 'success' as const,
    content: await service(request).current(request.params.key, request.query.locale),
  }));

  app.put(
    contentPublish.path,
    { bodyLimit: publishBodyLimit, schema: schemaOf(contentPublish) },
    async (request) => ({
      status: 'success' as const,
      content: await service(request).publish(request.params.key, request.body, {
        userId: accountOf(request).user.id,
        ip: request.ip,
      }),
    }),
  );

  app.post(
    contentPreview.path,
    {
      bodyLimit: publishBodyLimit,
      config: previewRateLimit,
      schema: schemaOf(contentPreview),
    },
    (request) => ({ status: 'success' as const, html: sanitiseContent(request.body.html) }),
  );

  app.post(contentImageUpload.path, { schema: schemaOf(contentImageUpload) }, async (request) => {
    const userId = accountOf(request).user.id;
    const url = await images.upload(request, userId);
    request.log.info({ event: 'content_image_uploaded', userId, url }, 'content image uploaded');
    return { status: 'success' as const, url };
  });

  app.get(
    fileRoutes.contentImage.path,
    { schema: { params: z.object({ id: z.string().max(64) }) } },
    async (request, reply) => {
      const image = await images.serve(request.params.id, async () => {
        const account = await app.authenticate(request);
        return account?.user.roles.includes('content_editor') ?? false;
      });
      return reply
        .type(image.type)
        .header('content-disposition', 'inline')
        .header('cache-control', image.cacheControl)
        .send(image.bytes);
    },
  );
  done();
};
