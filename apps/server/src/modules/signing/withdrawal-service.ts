import { toGel, translate, type ResponseOf, type withdrawalConfirm } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { HttpError, fieldError, httpError } from '#app/errors.ts';
import type { ConsentEvidence } from '#app/modules/consents/index.ts';
import { lockApplication, moveApplication } from '#app/modules/loans/index.ts';
import { spendBoundCode, type BoundCode } from '#app/modules/phone-codes/index.ts';
import type { SignableContract } from './ports.ts';
import { createSigningRepository } from './repository.ts';
import { requireContract, type Signer, type SigningDependencies } from './signing-service.ts';
import { withdrawableUntil } from './withdrawal-window.ts';
import { withdrawalTerms } from './withdrawal-terms.ts';

type WithdrawalDependencies = Omit<SigningDependencies, 'storage'>;

/**
 * The 14-day withdrawal from a signed contract (decision 022), confirmed with a code like the
 * signature's: before the payout nothing is paid and nothing owed; after it the principal and the
 * interest of the days used are owed within 30 days.
 */
export function createWithdrawalService({
  db,
  log,
  sms,
  enqueueWebhook,
  codes,
  businessToday,
  contracts,
  payouts,
  productName,
}: WithdrawalDependencies) {
  /**
   * 409 unless the contract is signed (paid out or not) and `today` is within 14 days of its
   * signature, saying so with the last day once they are over.
   */
  async function requireWithdrawable(tx: Database, contract: SignableContract, today: string) {
    const signed = contract.status === 'signed';
    const until = signed ? await withdrawableUntil(tx, contract.loanId) : null;
    if (until === null || !['signed', 'active'].includes(contract.loanStatus)) {
      throw httpError(409, 'withdrawal.notAllowed');
    }
    if (today > until) {
      throw new HttpError(409, 'withdrawal.periodOver', { params: { date: until } });
    }
  }

  async function withdrawable(customer: Signer, loanId: number, today: string) {
    const contract = await requireContract(contracts, db, loanId, customer.id);
    await requireWithdrawable(db, contract, today);
    return contract;
  }

  const boundCodeOf = (customer: Signer, loanId: number): BoundCode => ({
    phone: customer.phone,
    purpose: 'withdrawal',
    subject: `loan:${String(loanId)}`,
  });

  return {
    /** Texts the withdrawal code, within the 14 days. */
    async sendCode(customer: Signer, loanId: number, ip: string): Promise<void> {
      const contract = await withdrawable(customer, loanId, await businessToday());
      await codes.sendBound(boundCodeOf(customer, loanId), ip, (code) =>
        translate('sms.withdrawalCode', 'ka', {
          product: productName,
          code,
          number: contract.number,
        }),
      );
    },

    /**
     * Withdraws with the texted code. Under the application's row lock, which the payout job
     * takes too, the payout is settled one way or the other: one not sent is cancelled and the
     * application is withdrawn; one paid leaves the loan withdrawing, owing what it costs.
     */
    async withdraw(
      customer: Signer,
      loanId: number,
      code: string,
      evidence: ConsentEvidence,
    ): Promise<ResponseOf<typeof withdrawalConfirm>['withdrawal']> {
      const today = await businessToday();
      await withdrawable(customer, loanId, today);
      const matched = await codes.matchBound(boundCodeOf(customer, loanId), code);
      const now = evidence.agreedAt;
      const { terms, text } = await db.transaction(async (tx) => {
        await lockApplication(tx, loanId, customer.id);
        const contract = await requireContract(contracts, tx, loanId, customer.id);
        await requireWithdrawable(tx, contract, today);
        if (!(await spendBoundCode(tx, matched, now))) {
          throw fieldError('code', 'validation.codeExpired');
        }
        const settled = withdrawalTerms(await payouts.settlePayoutForWithdrawal(tx, loanId), {
          nominalRate: contract.nominalRate,
          today,
        });
        await moveApplication(tx, {
          id: loanId,
          userId: customer.id,
          name: settled.state === 'withdrawn' ? 'withdraw' : 'withdrawAfterPayout',
          now,
        });
        const repository = createSigningRepository(tx);
        if (!(await repository.markWithdrawn(loanId, now))) {
          throw httpError(409, 'withdrawal.notAllowed');
        }
        await repository.insertWithdrawal({
          loanId,
          state: settled.state,
          principal: toGel(settled.principal),
          interest: toGel(settled.interest),
          amountDue: toGel(settled.amountDue),
          daysUsed: settled.daysUsed,
          dueDate: settled.dueDate,
          codeId: matched.id,
          codeSentAt: matched.sentAt,
          phone: customer.phone,
          ip: evidence.ip,
          userAgent: evidence.userAgent,
          withdrawnOn: today,
          withdrawnAt: now,
        });
        await enqueueWebhook(tx, 'contract.withdrawn', loanId);
        const queued = await sms.queue(tx, {
          phone: customer.phone,
          text:
            settled.state === 'withdrawn'
              ? translate('sms.withdrawn', 'ka', { product: productName, number: contract.number })
              : translate('sms.withdrawing', 'ka', {
                  product: productName,
                  number: contract.number,
                  amount: toGel(settled.amountDue),
                  date: settled.dueDate,
                }),
        });
        return { terms: settled, text: queued };
      });
      log.info(
        { event: 'contract_withdrawn', loanId, state: terms.state, daysUsed: terms.daysUsed },
        'contract withdrawn',
      );
      await sms.sendNow(text);
      return { state: terms.state, amount_due: toGel(terms.amountDue), due_date: terms.dueDate };
    },
  };
}
