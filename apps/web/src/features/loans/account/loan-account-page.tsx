import { Anchor, Group, Stack, Title } from '@mantine/core';
import type { LoanAccount, TransferDetails } from '@sesxi/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToday } from '../../../shared/page/use-today';
import { QueryContent } from '../../../shared/ui/query-content';
import { loanAccountQuery } from '../api/loan-account';
import { applicationSteps, useLoanId } from '../application-steps/application-steps';
import { AccountSummary } from './account-summary';
import { CardPaymentForm } from './card-payment-form';
import { PayoffQuote } from './payoff-quote';
import { ScheduleSection } from './schedule-section';
import { TerminalPayment } from './terminal-payment';
import { TransactionsSection } from './transactions-section';

/** A loan still owed on: one being repaid, or being withdrawn from until its sum is back. */
function owing(account: LoanAccount): boolean {
  return account.status === 'active' || account.status === 'withdrawing';
}

function AccountView({
  loanId,
  account,
  transfer,
}: {
  loanId: number;
  account: LoanAccount;
  transfer: TransferDetails | null;
}) {
  const today = useToday();
  return (
    <>
      <AccountSummary account={account} />
      {owing(account) && (
        <>
          <CardPaymentForm loanId={loanId} account={account} />
          <TerminalPayment transfer={transfer} />
        </>
      )}
      {account.status === 'active' && <PayoffQuote loanId={loanId} today={today} />}
      <ScheduleSection schedule={account.schedule} />
      <TransactionsSection transactions={account.transactions} />
    </>
  );
}

/**
 * `/loans/{id}`: a paid-out loan as its customer follows it: how much is left, what is due next,
 * what is late, how to pay (by card, at a terminal, by transfer), what paying it off on a
 * chosen day costs, the schedule and the ledger, with the documents a link away.
 */
export function LoanAccountPage() {
  const { t } = useTranslation();
  const loanId = useLoanId();
  const account = useQuery(loanAccountQuery(loanId));
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>{t('loanAccount.heading', { id: loanId })}</Title>
      <QueryContent query={account} loading={t('loanAccount.loading')}>
        {(data) => <AccountView loanId={loanId} account={data.account} transfer={data.transfer} />}
      </QueryContent>
      <Group gap="lg">
        <Anchor component={Link} to="/documents">
          {t('loanAccount.documents')}
        </Anchor>
        <Anchor component={Link} to={applicationSteps.contract(loanId)}>
          {t('loanAccount.contract')}
        </Anchor>
        <Anchor component={Link} to="/main">
          {t('account.toMain')}
        </Anchor>
      </Group>
    </Stack>
  );
}
