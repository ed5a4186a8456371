import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { pruneExpired } from '#app/modules/housekeeping/prune.ts';

const hourMs = 3_600_000;

/** Prunes expired rows once an hour; instances take turns (see pruneExpired). */
const housekeeping: FastifyPluginCallback = (app, _options, done) => {
  const timer = setInterval(() => {
    pruneExpired(app.database.db, app.clock.now()).catch((error: unknown) => {
      app.log.warn({ err: error }, 'pruning expired rows failed; the next hour tries again');
    });
  }, hourMs);
  timer.unref();
  app.addHook('onClose', () => {
    clearInterval(timer);
  });
  done();
};

export default fp(housekeeping, { name: 'housekeeping', dependencies: ['database'] });
