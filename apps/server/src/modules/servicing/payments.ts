import { servicedLoanStatuses } from '@sesxi/contract';
import type { PaymentChannel } from '#app/db/schema.ts';
import type { Database } from '#app/db/database.ts';
import { fieldError, httpError } from '#app/errors.ts';
import { moveApplicationBySystem } from '#app/modules/loans/index.ts';
import type { ServiceContext } from '#app/service-context.ts';
import { owed, principalOutstanding, type AccountTotals } from './account.ts';
import {
  allocatePayment,
  allocateWithdrawalPayment,
  type Allocation,
  type PaymentPurpose,
} from './allocation.ts';
import type { CustomerNotices } from './customer-notices.ts';
import { earlyRepaymentFeeBp } from './payoff.ts';
import { createServicingRepository, totalsOf } from './repository.ts';
import { reschedule, type Keep, type ScheduleRow } from './reschedule.ts';

/** A payment from any channel, as `postPayment` takes it; amounts in tetri. */
export interface Payment {
  loanId: number;
  amountTetri: number;
  /** The business date it is posted on, `YYYY-MM-DD`. */
  paidOn: string;
  channel: PaymentChannel;
  /** The channel's own reference: a payment posts once per channel and reference. */
  reference: string;
  purpose: PaymentPurpose;
  /** A prepayment keeps the instalment (shortens the term, the default) or the term. */
  keep?: Keep;
}

export interface PostedPayment {
  transactionId: number;
  /** The channel's reference had posted already: nothing was posted again. */
  duplicate: boolean;
}

export type PostPayment = (tx: Database, payment: Payment) => Promise<PostedPayment>;

export interface PaymentDependencies extends Pick<ServiceContext, 'clock' | 'log'> {
  notices: CustomerNotices;
}

/** A loan with an account that no longer takes repayments. */
const isClosed = (status: string) => status === 'repaid' || status === 'withdrawn';

/**
 * Posting payments (issue 29), in the caller's transaction under the loan's row lock: the
 * allocation of the payment to the ledger and the account, once per channel and reference,
 * and its receipt (text, `payment.received`, document). A loan left owing nothing is `repaid`
 * (text, `loan.repaid`, closure letter); a loan being withdrawn from is `withdrawn` once what
 * the withdrawal left owed is paid. Every channel reports money already taken, so a payment
 * on a loan closed meanwhile is not refused but kept as a credit the customer can have refunded.
 */
export function createPayments({ clock, log, notices }: PaymentDependencies) {
  /** Where a payment goes and whether it settles the loan. */
  async function allocate(
    tx: Database,
    payment: Payment,
    status: string,
  ): Promise<{
    allocation: Allocation;
    /** The advance of interest the payment released (`advance_release`). */
    release?: Allocation;
    settled: boolean;
    totals: AccountTotals;
    /** The schedule a prepayment leaves. */
    schedule?: ScheduleRow[];
  }> {
    const servicing = createServicingRepository(tx);
    const account = await servicing.account(payment.loanId, true);
    // A loan withdrawn from before its payout has no account, and nothing to credit.
    if (!account) throw httpError(409, 'servicing.notRepayable');
    const totals = totalsOf(account);
    if (isClosed(status)) {
      const credit = payment.amountTetri;
      return {
        allocation: { penalty: 0, interest: 0, principal: 0, fee: 0, credit },
        settled: false,
        totals: { ...totals, credit: totals.credit + credit },
      };
    }
    if (status === 'withdrawing') {
      const withdrawal = await servicing.withdrawal(payment.loanId);
      if (!withdrawal) throw new Error(`the withdrawing loan ${payment.loanId} has no withdrawal`);
      const paid = await servicing.paidSoFar(payment.loanId);
      const allocation = allocateWithdrawalPayment(payment.amountTetri, {
        interestLeft: withdrawal.interest - paid.interest,
        principalLeft: withdrawal.principal - paid.principal,
      });
      const settled =
        paid.interest + allocation.interest >= withdrawal.interest &&
        paid.principal + allocation.principal >= withdrawal.principal;
      return {
        allocation,
        settled,
        totals: {
          ...totals,
          principalPaid: Math.min(
            totals.principal - totals.principalPrepaid,
            totals.principalPaid + allocation.principal,
          ),
          credit: totals.credit + allocation.credit,
        },
      };
    }
    const schedule = await servicing.schedule(payment.loanId);
    const allocated = allocatePayment(payment.amountTetri, {
      schedule,
      totals,
      today: payment.paidOn,
      paidOutOn: account.paidOutOn,
      purpose: payment.purpose,
      feeBp: earlyRepaymentFeeBp(payment.paidOn, { schedule }, totals),
    });
    const settled = owed(allocated.totals) === 0;
    const rescheduled =
      payment.purpose === 'prepayment' && !settled
        ? reschedule(
            schedule,
            { before: totals, after: allocated.totals },
            {
              today: payment.paidOn,
              nominalRate: await servicing.nominalRate(payment.loanId),
              keep: payment.keep ?? 'payment',
            },
          )
        : undefined;
    return { ...allocated, ...rescheduled, settled };
  }

  const postPayment: PostPayment = async (tx, payment) => {
    const { loanId, amountTetri, channel, reference } = payment;
    if (!Number.isSafeInteger(amountTetri) || amountTetri <= 0) {
      throw fieldError('amount', 'validation.amountTooSmall', { minimum: 0.01 });
    }
    const servicing = createServicingRepository(tx);
    const loan = await servicing.lockLoan(loanId);
    if (!loan) throw httpError(404, 'errors.notFound');
    const earlier = await servicing.byReference('payment', channel, reference);
    if (earlier) {
      if (earlier.loanId !== loanId) throw httpError(409, 'servicing.referenceOfAnotherLoan');
      return { transactionId: earlier.id, duplicate: true };
    }
    if (!(servicedLoanStatuses as readonly string[]).includes(loan.status)) {
      throw httpError(409, 'servicing.notRepayable');
    }
    const { allocation, release, settled, totals, schedule } = await allocate(
      tx,
      payment,
      loan.status,
    );
    const transactionId = await servicing.insertPayment(
      { loanId, amountTetri, channel, reference, businessDate: payment.paidOn },
      { allocation, release },
      totals,
    );
    if (schedule) {
      const version = await servicing.insertScheduleVersion(loanId, transactionId, schedule);
      await notices.scheduleRevised(tx, loanId, {
        version,
        paidOn: payment.paidOn,
        amountTetri,
        rows: schedule,
      });
    }
    log.info({ event: 'loan_payment', loanId, transactionId, channel }, 'a payment was posted');
    await notices.paymentReceived(tx, {
      ...payment,
      transactionId,
      allocation,
      principalOutstandingTetri: principalOutstanding(totals),
      loanClosed: isClosed(loan.status),
    });
    if (settled) {
      const now = clock.now();
      if (loan.status === 'active') {
        await moveApplicationBySystem(tx, { id: loanId, name: 'repay', now });
        await notices.loanRepaid(tx, loanId, payment.paidOn);
        log.info({ event: 'loan_repaid', loanId }, 'the loan is repaid');
      } else {
        await moveApplicationBySystem(tx, { id: loanId, name: 'completeWithdrawal', now });
        await notices.withdrawalRepaid(tx, loanId);
        log.info({ event: 'withdrawal_repaid', loanId }, 'a withdrawal is paid back');
      }
    }
    return { transactionId, duplicate: false };
  };
  return { postPayment };
}
