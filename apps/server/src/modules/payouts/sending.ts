import type { PayoutAnswer, PayoutBank } from '#app/integrations/payout-bank/payout-bank.ts';
import { recordDisbursement, textCustomer, type PayoutDependencies } from './disbursed.ts';
import { createPayoutRepository } from './repository.ts';

/** What the sending job carries. */
export interface PayoutJob {
  payoutId: number;
  loanId: number;
}

/**
 * The try from which a payout still in flight is an operator's business: the first twelve
 * (5 s, doubling) span about an hour and a half; each later one, an hour apart, logs at error
 * level until the bank answers the key.
 */
export const unresolvedAfterTries = 12;

export interface SenderDependencies extends PayoutDependencies {
  bank: PayoutBank;
  /** The business date: the payout date when the bank pays. */
  today: () => Promise<string>;
}

/**
 * Sends payouts to the bank. Each try marks the payout in flight (`sending`, counting the try)
 * under the application's row lock and commits before the bank is asked, so a withdrawal that
 * takes the lock afterwards knows the money may be on its way; a payout the withdrawal
 * cancelled first is never sent. The bank's answer is recorded under the same lock. An
 * unreachable bank throws: the job asks again with the same key, and the payout stays in flight
 * until the bank answers that key, since it may have paid a request whose answer was lost. The
 * job has no last try; a payout that long in flight is logged at error level on every try.
 */
export function createPayoutSender(dependencies: SenderDependencies) {
  const { db, clock, log, bank, today } = dependencies;

  /** The bank's request of a payout now in flight; undefined when it is not to be sent. */
  function markSending({ payoutId, loanId }: PayoutJob) {
    return db.transaction(async (tx) => {
      const payouts = createPayoutRepository(tx);
      await payouts.lockApplication(loanId);
      const payout = await payouts.byId(payoutId);
      if (payout?.state !== 'pending' && payout?.state !== 'sending') return undefined;
      const sending = await payouts.markSending(payoutId, clock.now());
      const fields = { loanId, payoutId, attempt: sending.attempts };
      if (sending.attempts >= unresolvedAfterTries) {
        log.error(
          { event: 'payout_unresolved', ...fields, since: sending.createdAt },
          'the bank has not answered a payout’s key yet; it is asked again every hour',
        );
      } else {
        log.info({ event: 'payout_sending', ...fields }, 'the bank is asked to pay');
      }
      return payouts.bankRequestOf(sending);
    });
  }

  async function record({ payoutId, loanId }: PayoutJob, answer: PayoutAnswer) {
    const payoutDate = await today();
    await db.transaction(async (tx) => {
      const payouts = createPayoutRepository(tx);
      await payouts.lockApplication(loanId);
      const payout = await payouts.byId(payoutId);
      // Another try of this job recorded the bank's answer to the key already.
      if (payout?.state !== 'sending') return;
      if (answer.outcome === 'paid') {
        await recordDisbursement(tx, dependencies, payout, {
          bankReference: answer.bankReference,
          paidAt: clock.now(),
          payoutDate,
          actorUserId: null,
        });
        return;
      }
      await payouts.markRefused(payoutId, answer.reason, clock.now());
      const loan = await payouts.approvedLoan(loanId);
      if (loan) await textCustomer(tx, dependencies, loan, 'sms.payoutRefused');
      log.warn({ event: 'payout_refused', loanId, payoutId }, 'the bank refused the account');
    });
  }

  return {
    async send(job: PayoutJob): Promise<void> {
      const request = await markSending(job);
      if (request) await record(job, await bank.pay(request));
    },
  };
}
