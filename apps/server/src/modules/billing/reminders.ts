import { addDaysToIsoDate, toGel, toTetri, translate } from '@sesxi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#app/db/database.ts';
import type { ReminderKind } from '#app/db/schema.ts';
import type { CloseOfDayStep } from '#app/modules/business-date/index.ts';
import { createServicingRepository } from '#app/modules/servicing/index.ts';
import type { SmsQueue } from '#app/modules/sms/index.ts';
import type { EnqueueWebhook } from '#app/modules/webhooks/index.ts';
import { createBillingRepository } from './repository.ts';
import { dueNow } from './service.ts';

export interface ReminderDependencies {
  sms: SmsQueue;
  enqueueWebhook: EnqueueWebhook;
  log: FastifyBaseLogger;
  productName: string;
  daysBefore: number;
}

/** The overdue days a text goes out on, each once per instalment. */
const overdueDays = { overdue_day_1: 1, overdue_day_7: 7 } as const;

/**
 * Close of day's reminders, for the business date the closed day opens: a text `daysBefore`
 * days before an instalment's due date while it is unpaid, and on its 1st and 7th day overdue,
 * each at most once per instalment (the reminders' key), held back in the quiet hours; the
 * webhook `loan.overdue` on the loan's first overdue day. Runs after the day's accrual.
 */
export function loanReminders(dependencies: ReminderDependencies): CloseOfDayStep {
  const { sms, enqueueWebhook, log, productName, daysBefore } = dependencies;

  async function remindLoan(tx: Database, loanId: number, date: string) {
    const { view } = await dueNow(tx, loanId, date);
    const reminders = createBillingRepository(tx);
    const texts: { kind: ReminderKind; number: number; text: Parameters<typeof translate> }[] = [];
    const { phone, contractNumber } = await createServicingRepository(tx).customerOf(loanId);
    for (const row of view.schedule) {
      if (row.state === 'paid') continue;
      if (row.date === addDaysToIsoDate(date, daysBefore)) {
        const amount = toGel(toTetri(row.total) - toTetri(row.paid));
        texts.push({
          kind: 'before_due',
          number: row.number,
          text: ['sms.paymentReminder', 'ka', { number: contractNumber, date: row.date, amount }],
        });
      }
      for (const [kind, days] of Object.entries(overdueDays)) {
        if (row.state !== 'overdue' || row.date !== addDaysToIsoDate(date, -days)) continue;
        texts.push({
          kind: kind as keyof typeof overdueDays,
          number: row.number,
          text: [
            'sms.paymentOverdue',
            'ka',
            { number: contractNumber, days, amount: view.overdue.total },
          ],
        });
      }
    }
    for (const {
      kind,
      number,
      text: [key, locale, params],
    } of texts) {
      const first = await reminders.remember({
        loanId,
        instalmentNumber: number,
        kind,
        businessDate: date,
      });
      if (!first) continue;
      await sms.queue(tx, {
        phone,
        text: translate(key, locale, { product: productName, ...params }),
        notInQuietHours: true,
      });
      if (kind === 'overdue_day_1' && view.overdue.days === 1) {
        await enqueueWebhook(tx, 'loan.overdue', loanId);
      }
      log.info({ event: 'loan_reminder', loanId, instalment: number, kind }, 'a reminder queued');
    }
  }

  return {
    name: 'loan reminders',
    async run(day, tx) {
      const date = addDaysToIsoDate(day, 1);
      const dueDates = [daysBefore, ...Object.values(overdueDays).map((days) => -days)].map(
        (offset) => addDaysToIsoDate(date, offset),
      );
      for (const loanId of await createBillingRepository(tx).loansDueOn(dueDates)) {
        await remindLoan(tx, loanId, date);
      }
    },
  };
}
