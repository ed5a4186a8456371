import { translate } from '@sesxi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#app/clock.ts';
import type { CloseOfDayStep } from '#app/modules/business-date/index.ts';
import { moveApplicationBySystem } from '#app/modules/loans/index.ts';
import type { SmsQueue } from '#app/modules/sms/index.ts';
import type { EnqueueWebhook } from '#app/modules/webhooks/index.ts';
import { createContractRepository } from './repository.ts';

export interface ExpiryDependencies {
  clock: Clock;
  log: FastifyBaseLogger;
  sms: SmsQueue;
  enqueueWebhook: EnqueueWebhook;
  productName: string;
}

/**
 * Close of day's part for offers: each offer still unsigned whose last day is the day closed (or
 * earlier) expires with its application, the customer is told by SMS and the lender by webhook,
 * all in the day's transaction. A day closed again finds nothing left to expire.
 */
export function offerExpiry({
  clock,
  log,
  sms,
  enqueueWebhook,
  productName,
}: ExpiryDependencies): CloseOfDayStep {
  return {
    name: 'offer expiry',
    async run(day, tx) {
      const contracts = createContractRepository(tx);
      const now = clock.now();
      for (const { loanId, phone } of await contracts.expiring(day)) {
        // The application's row first, as every move locks it: a signature racing this waits.
        if (!(await moveApplicationBySystem(tx, { id: loanId, name: 'expire', now }))) continue;
        await contracts.expire(loanId, now);
        await sms.queue(tx, {
          phone,
          text: translate('sms.offerExpired', 'ka', { product: productName, id: loanId }),
        });
        await enqueueWebhook(tx, 'offer.expired', loanId);
        log.info({ event: 'offer_expired', loanId, day }, 'an unsigned offer expired');
      }
    },
  };
}
