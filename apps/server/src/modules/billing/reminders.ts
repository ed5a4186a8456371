import { addDaysToIsoDate, toGel, translate } from '@sesxi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ReminderKind } from '#app/db/schema.ts';
import type { CloseOfDayStep } from '#app/modules/business-date/index.ts';
import type { SmsQueue } from '#app/modules/sms/index.ts';
import type { EnqueueWebhooks } from '#app/modules/webhooks/index.ts';
import { createBillingRepository, type DueReminder } from './repository.ts';

export interface ReminderDependencies {
  sms: SmsQueue;
  enqueueWebhooks: EnqueueWebhooks;
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
 * webhook `loan.overdue` on the loan's first overdue day. Runs after the day's accrual, in a
 * few statements over every active loan whatever their number.
 */
export function loanReminders(dependencies: ReminderDependencies): CloseOfDayStep {
  const { sms, enqueueWebhooks, log, productName, daysBefore } = dependencies;

  const textOf = ({ kind, contractNumber: number, dueDate, amount }: DueReminder) => {
    const params = { product: productName, number, amount: toGel(amount) };
    return kind === 'before_due'
      ? translate('sms.paymentReminder', 'ka', { ...params, date: dueDate })
      : translate('sms.paymentOverdue', 'ka', { ...params, days: overdueDays[kind] });
  };

  return {
    name: 'loan reminders',
    async run(day, tx) {
      const today = addDaysToIsoDate(day, 1);
      const due = await createBillingRepository(tx).rememberDue(today, daysBefore, overdueDays);
      await sms.queueMany(
        tx,
        due.map((reminder) => ({
          phone: reminder.phone,
          text: textOf(reminder),
          notInQuietHours: true,
        })),
      );
      const firstOverdueDay = due.filter(
        ({ kind, daysPastDue }) => kind === 'overdue_day_1' && daysPastDue === 1,
      );
      await enqueueWebhooks(tx, 'loan.overdue', [
        ...new Set(firstOverdueDay.map(({ loanId }) => loanId)),
      ]);
      const counts: Partial<Record<ReminderKind, number>> = {};
      for (const { kind } of due) counts[kind] = (counts[kind] ?? 0) + 1;
      log.info({ event: 'loan_reminders', day: today, ...counts }, 'the day’s reminders queued');
    },
  };
}
