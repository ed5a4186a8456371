import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { loanReminders } from './reminders.ts';

/** Reminders of due dates and overdue instalments, a part of close of day after the accrual. */
const billing: FastifyPluginCallback = (app, _options, done) => {
  app.businessCalendar.onCloseOfDay(
    loanReminders({
      sms: app.sms,
      enqueueWebhooks: app.webhooks.enqueueMany,
      log: app.log,
      productName: app.config.productName,
      daysBefore: app.config.reminderDaysBefore,
    }),
  );
  done();
};

export default fp(billing, {
  name: 'billing',
  dependencies: ['servicing', 'sms', 'webhooks', 'business-date'],
});
