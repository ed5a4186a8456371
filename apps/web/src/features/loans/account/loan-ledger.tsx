import type { LoanAccount } from '@sesxi/contract';
import { AccountSummary } from './account-summary';
import { ScheduleSection } from './schedule-section';
import { TransactionsSection } from './transactions-section';

/**
 * A loan's ledger as its customer reads it, without the ways to pay: the answers at a glance,
 * the schedule with each instalment's state and the transactions. The officer's review shows
 * it so, under a section of its own.
 */
export function LoanLedger({ account }: { account: LoanAccount }) {
  return (
    <>
      <AccountSummary account={account} />
      <ScheduleSection schedule={account.schedule} level={3} />
      <TransactionsSection transactions={account.transactions} level={3} />
    </>
  );
}
