import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { poll } from '#app/poll.ts';
import { createBusinessCalendar, type BusinessCalendar, type CloseOfDayStep } from './calendar.ts';

declare module 'fastify' {
  interface FastifyInstance {
    businessCalendar: BusinessCalendar & {
      /** Adds a module's part to close of day; modules call it when they register. */
      onCloseOfDay: (step: CloseOfDayStep) => void;
    };
  }
}

/**
 * The business date loans run on, and close of day for each day that ends: every `pollMs`
 * (0: only when asked, as in tests) each instance closes the days that have ended; the
 * calendar's row lock lets one of them do each day.
 */
const businessDate: FastifyPluginCallback<{ pollMs: number }> = (app, { pollMs }, done) => {
  const steps: CloseOfDayStep[] = [];
  const calendar = createBusinessCalendar(
    { db: app.database.db, clock: app.clock, log: app.log },
    steps,
  );
  app.decorate('businessCalendar', {
    ...calendar,
    onCloseOfDay: (step) => {
      steps.push(step);
    },
  });

  if (pollMs > 0) {
    const stop = poll(
      () =>
        calendar.closeEndedDays().catch((error: unknown) => {
          app.log.warn({ err: error }, 'close of day failed; the next poll tries again');
        }),
      pollMs,
    );
    app.addHook('onClose', stop);
  }
  done();
};

export default fp(businessDate, { name: 'business-date', dependencies: ['database'] });
