import { toGel, toTetri, type BodyOf, type billingPayment, type MessageKey } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { HttpError } from '#app/errors.ts';
import { requestFingerprint } from '#app/http/idempotency.ts';
import {
  accountView,
  createServicingRepository,
  totalsOf,
  withdrawalLeft,
  type PostPayment,
} from '#app/modules/servicing/index.ts';
import type { ServiceContext } from '#app/service-context.ts';
import { createBillingRepository } from './repository.ts';

export type BillingPaymentBody = BodyOf<typeof billingPayment>;

export interface BillingDependencies extends ServiceContext {
  today: (db?: Database) => Promise<string>;
  postPayment: PostPayment;
}

/** A loan as billing finds it by personal number. */
interface PaidOutLoan {
  id: number;
  status: string;
}

/** Whether a loan is still owed on: active, or being withdrawn from until its sum is paid. */
const owing = ({ status }: PaidOutLoan) => status === 'active' || status === 'withdrawing';

/** What an active loan owes now, in tetri: what is overdue and the next instalment. */
async function dueNow(db: Database, loanId: number, today: string) {
  const servicing = createServicingRepository(db);
  const account = await servicing.account(loanId);
  if (!account) throw new Error(`the active loan ${loanId} has no account`);
  const view = accountView({
    status: 'active',
    schedule: await servicing.schedule(loanId),
    totals: totalsOf(account),
    transactions: await servicing.transactions(loanId),
    today,
  });
  return {
    view,
    amountTetri: toTetri(view.overdue.total) + toTetri(view.next_payment?.amount ?? 0),
    nextDueDate: view.next_payment?.date ?? null,
  };
}

/**
 * What a loan owes a biller's payment now, in tetri, and the next due date: an active loan its
 * dues, a loan being withdrawn from what the withdrawal left owed, by its due date.
 */
async function owedNow(db: Database, loan: PaidOutLoan, today: string) {
  if (loan.status !== 'withdrawing') return dueNow(db, loan.id, today);
  const left = await withdrawalLeft(db, loan.id);
  return { amountTetri: left.total, nextDueDate: left.dueDate };
}

/** A refusal under the field it concerns, its message the field's. */
const refusal = (statusCode: number, field: string, key: MessageKey) =>
  new HttpError(statusCode, key, { fields: { [field]: [{ key }] } });

/**
 * Payments at terminals and bank channels by personal number, the lender as the biller: what a
 * person owes (nothing else of them), and a biller's payment posted as an instalment once per
 * biller and transaction id. A payment over several owing loans (active, or being withdrawn
 * from) meets each one's dues, oldest loan first, and the last takes what is left. A person
 * whose loans are all closed owes nothing, and money paid all the same (the terminal has taken
 * it) is a credit on the latest.
 */
export function createBillingService({ db, log, today, postPayment }: BillingDependencies) {
  /** The loans a payment goes to: the owing ones, or else the latest closed one. */
  async function payableLoans(tx: Database, personalNumber: string) {
    const loans = await createBillingRepository(tx).loansOf(personalNumber);
    const owingOnes = loans.filter(owing);
    const latest = loans.at(-1);
    if (!latest) throw refusal(404, 'personal_number', 'billing.noLoan');
    return owingOnes.length > 0 ? owingOnes : [latest];
  }

  return {
    async debt(biller: string, personalNumber: string) {
      const loans = await payableLoans(db, personalNumber);
      const day = await today();
      // A closed loan owes nothing.
      const dues = await Promise.all(loans.filter(owing).map((loan) => owedNow(db, loan, day)));
      const dates = dues.flatMap(({ nextDueDate }) => (nextDueDate === null ? [] : [nextDueDate]));
      log.info({ event: 'billing_debt', biller, loans: loans.length }, 'a biller asked a debt');
      return {
        amount_due: toGel(dues.reduce((sum, due) => sum + due.amountTetri, 0)),
        next_due_date: dates.sort()[0] ?? null,
      };
    },

    async pay(biller: string, body: BillingPaymentBody) {
      const amountTetri = toTetri(body.amount);
      const sha256 = requestFingerprint(body.personal_number, amountTetri);
      return db.transaction(async (tx) => {
        const billing = createBillingRepository(tx);
        const { transaction_id: transactionId } = body;
        const receiptId = await billing.claim({
          biller,
          transactionId,
          requestSha256: sha256,
          amountTetri,
        });
        if (receiptId === undefined) {
          const earlier = await billing.payment(biller, transactionId);
          if (earlier?.requestSha256 !== sha256) {
            log.warn({ event: 'billing_transaction_reused', biller, transactionId }, 'refused');
            throw refusal(409, 'transaction_id', 'billing.transactionReused');
          }
          return { id: earlier.id, duplicate: true };
        }
        const loans = await payableLoans(tx, body.personal_number);
        const day = await today(tx);
        let left = amountTetri;
        for (const [index, loan] of loans.entries()) {
          const last = index === loans.length - 1;
          const part = last ? left : Math.min(left, (await owedNow(tx, loan, day)).amountTetri);
          if (part === 0) continue;
          left -= part;
          await postPayment(tx, {
            loanId: loan.id,
            amountTetri: part,
            paidOn: day,
            channel: 'billing',
            reference: `${biller}:${transactionId}${index === 0 ? '' : `:${index + 1}`}`,
            purpose: 'instalment',
          });
        }
        log.info(
          {
            event: 'billing_payment',
            biller,
            transactionId,
            receiptId,
            loans: loans.map(({ id }) => id),
          },
          'a biller’s payment was posted',
        );
        return { id: receiptId, duplicate: false };
      });
    },
  };
}
