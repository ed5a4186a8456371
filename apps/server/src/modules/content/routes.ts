import multipart from '@fastify/multipart';
import {
  contentDraftDiscard,
  contentDraftSave,
  contentDraftShow,
  contentImageUpload,
  contentPreview,
  contentPublish,
  contentShow,
  contentVersionList,
  contentVersionRestore,
  contentVersionShow,
  fileRoutes,
} from '@sesxi/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';
import { serviceContext } from '#app/service-context.ts';
import { accountOf } from '#app/plugins/authentication.ts';
import { perAccountRateLimit } from '#app/plugins/rate-limit.ts';
import { createDraftService } from './drafts.ts';
import { createContentImages } from './images.ts';
import { sanitiseContent } from './sanitise.ts';
import { createContentService } from './service.ts';

/** A published text may be longer than the 100 KB of other JSON bodies (Georgian: 3 bytes a letter). */
const publishBodyLimit = 1024 * 1024;

/** The preview and the draft are sent as the editor types (debounced): above what typing needs. */
const previewRateLimit = perAccountRateLimit('content-preview', 120);
const draftRateLimit = perAccountRateLimit('content-draft', 120);

/**
 * Texts visitors read (public); their preview, drafts, publishing, history and restoring
 * (content editors only: 401 without a session, 403 for anyone else); images in content,
 * uploaded by editors, served to all once published and to editors before.
 */
export const contentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  void app.register(multipart);
  const service = (request: FastifyRequest) => createContentService(serviceContext(app, request));
  const drafts = (request: FastifyRequest) => createDraftService(serviceContext(app, request));
  const editorOf = (request: FastifyRequest) => ({
    userId: accountOf(request).user.id,
    ip: request.ip,
  });
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
      content: await service(request).publish(request.params.key, request.body, editorOf(request)),
    }),
  );

  app.get(contentDraftShow.path, { schema: schemaOf(contentDraftShow) }, async (request) => ({
    status: 'success' as const,
    draft: await drafts(request).show(
      request.params.key,
      request.query.locale,
      accountOf(request).user.id,
    ),
  }));

  app.put(
    contentDraftSave.path,
    { bodyLimit: publishBodyLimit, config: draftRateLimit, schema: schemaOf(contentDraftSave) },
    async (request) => ({
      status: 'success' as const,
      draft: await drafts(request).save(
        request.params.key,
        request.query.locale,
        request.body,
        accountOf(request).user.id,
      ),
    }),
  );

  app.post(contentDraftDiscard.path, { schema: schemaOf(contentDraftDiscard) }, async (request) => {
    await drafts(request).discard(
      request.params.key,
      request.query.locale,
      accountOf(request).user.id,
    );
    return { status: 'success' as const };
  });

  app.get(contentVersionList.path, { schema: schemaOf(contentVersionList) }, async (request) => ({
    status: 'success' as const,
    versions: await service(request).versions(request.params.key, request.query.locale),
  }));

  app.get(contentVersionShow.path, { schema: schemaOf(contentVersionShow) }, async (request) => ({
    status: 'success' as const,
    content: await service(request).version(
      request.params.key,
      request.query.locale,
      request.params.version,
    ),
  }));

  app.post(
    contentVersionRestore.path,
    { schema: schemaOf(contentVersionRestore) },
    async (request) => ({
      status: 'success' as const,
      content: await service(request).restore(
        request.params.key,
        request.query.locale,
        request.params.version,
        editorOf(request),
      ),
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
