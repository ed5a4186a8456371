import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { createContentImages } from '#app/modules/content/index.ts';
import { pruneExpired } from './prune.ts';

const hourMs = 3_600_000;

/**
 * Once an hour: prunes expired rows (instances take turns, see pruneExpired) and removes
 * content images no version shows a day after their upload (see removeOrphans).
 */
const housekeeping: FastifyPluginCallback = (app, _options, done) => {
  const images = createContentImages({
    db: app.database.db,
    storage: app.fileStorage,
    clock: app.clock,
  });
  const timer = setInterval(() => {
    const now = app.clock.now();
    pruneExpired(app.database.db, now).catch((error: unknown) => {
      app.log.warn({ err: error }, 'pruning expired rows failed; the next hour tries again');
    });
    images.removeOrphans(now).then(
      (removed) => {
        if (removed > 0)
          app.log.info(
            { event: 'content_images_removed', removed },
            'content images no version shows removed',
          );
      },
      (error: unknown) => {
        app.log.warn({ err: error }, 'removing orphan images failed; the next hour tries again');
      },
    );
  }, hourMs);
  timer.unref();
  app.addHook('onClose', () => {
    clearInterval(timer);
  });
  done();
};

export default fp(housekeeping, {
  name: 'housekeeping',
  dependencies: ['database', 'integrations'],
});
