import { devClockMove, devClockShow } from '@sesxi/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { schemaOf } from '#app/http/endpoint-schema.ts';

/** `GET|POST /api/dev/clock`: the sandbox's business date, moved forward for every instance. */
export const clockRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(devClockShow.path, { schema: schemaOf(devClockShow) }, async () => ({
    status: 'success' as const,
    date: await app.businessCalendar.today(),
  }));

  app.post(devClockMove.path, { schema: schemaOf(devClockMove) }, async (request) => ({
    status: 'success' as const,
    date: await app.businessCalendar.moveTo(request.body.date),
  }));
  done();
};
