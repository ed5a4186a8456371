import { addDaysToIsoDate } from '@sesxi/contract';
import { asc, eq } from 'drizzle-orm';
import { loanTransactions } from '#app/db/schema.ts';
import { bearer } from '#app/test/accounts.ts';
import type { CoreLenderTestApp } from '#app/test/core-lender.ts';
import type { AccountTotals } from './account.ts';
import { accrue } from './close-of-day.ts';
import { maxPenaltyPpmDaily } from './late-costs.ts';
import { createServicingRepository, totalsOf } from './repository.ts';

interface ReportOptions {
  key?: string;
  headers?: Record<string, string>;
}

/**
 * A servicing test's requests and reads on the lender `lenderOf()` answers (built in the file's
 * beforeAll): the account and payoff routes, the core's payment and refund reports, the account's totals,
 * the ledger, and close of day's statement run day by day.
 */
export function servicingKit(lenderOf: () => CoreLenderTestApp) {
  const app = () => lenderOf().app;
  /** A report of the core's, with its key (none when undefined), as the core by default. */
  const report = (
    what: 'payments' | 'refunds',
    loanId: number,
    body: object,
    { key, headers = lenderOf().core }: ReportOptions,
  ) =>
    app().inject({
      method: 'POST',
      url: `/api/loans/${loanId}/${what}`,
      headers: { ...headers, ...(key !== undefined && { 'idempotency-key': key }) },
      payload: body,
    });
  return {
    accountOf: (token: string, loanId: number) =>
      app().inject({ method: 'GET', url: `/api/loans/${loanId}/account`, headers: bearer(token) }),

    payoffOf: (token: string, loanId: number, date: string) =>
      app().inject({
        method: 'GET',
        url: `/api/loans/${loanId}/payoff?date=${date}`,
        headers: bearer(token),
      }),

    reportPayment: (loanId: number, body: object, options: ReportOptions = {}) =>
      report('payments', loanId, body, options),

    reportRefund: (loanId: number, body: object, options: ReportOptions = {}) =>
      report('refunds', loanId, body, options),

    totalsNow: async (loanId: number): Promise<AccountTotals> => {
      const account = await createServicingRepository(app().database.db).account(loanId);
      if (!account) throw new Error(`no account for ${loanId}`);
      return totalsOf(account);
    },

    ledgerOf: (loanId: number) =>
      app()
        .database.db.select()
        .from(loanTransactions)
        .where(eq(loanTransactions.loanId, loanId))
        .orderBy(asc(loanTransactions.id)),

    /** The ledger's row `transactionId`; a test that posted it fails if it is not there. */
    ledgerRow: async (transactionId: number) => {
      const [row] = await app()
        .database.db.select()
        .from(loanTransactions)
        .where(eq(loanTransactions.id, transactionId));
      if (!row) throw new Error(`no ledger row ${transactionId}`);
      return row;
    },

    /** Close of day's statement for each day from `from` to the eve of `until`. */
    closeDays: async (from: string, until: string) => {
      for (let day = from; day < until; day = addDaysToIsoDate(day, 1)) {
        await app().database.db.transaction((tx) => accrue(tx, day, maxPenaltyPpmDaily));
      }
    },
  };
}
