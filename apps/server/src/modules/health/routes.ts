import { healthz, readyz } from '@sesxi/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HttpError } from '#app/errors.ts';
import { schemaOf } from '#app/http/endpoint-schema.ts';

/**
 * Probes for a load balancer: the process is up (`/healthz`); it takes requests, which stops
 * first when it shuts down, and the database answers (`/readyz`).
 */
export const healthRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(healthz.path, { schema: schemaOf(healthz) }, () => ({ status: 'success' as const }));

  app.get(readyz.path, { schema: schemaOf(readyz) }, async () => {
    if (app.draining) throw new HttpError(503, 'errors.serviceUnavailable');
    try {
      await app.database.ping();
    } catch (error) {
      throw new HttpError(503, 'errors.serviceUnavailable', { cause: error });
    }
    return { status: 'success' as const };
  });
  done();
};
