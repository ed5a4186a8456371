import { Button, Text } from '@mantine/core';
import type { LoanListItem } from '@sesxi/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/format/money';
import { loanAccountQuery } from '../api/loan-account';
import { LoanPanel } from '../applications/loan-panel';
import { applicationSteps } from '../application-steps/application-steps';

/**
 * /main's panel of a loan being repaid: the next payment (date, amount), what is late in red,
 * and a button to the loan's page to pay. The figures come from the loan's account.
 */
export function PaymentDuePanel({ loan }: { loan: LoanListItem }) {
  const { t } = useTranslation();
  const account = useQuery({ ...loanAccountQuery(loan.id), select: (data) => data.account });
  const next = account.data?.next_payment;
  const overdue = account.data?.overdue;
  return (
    <LoanPanel loan={loan}>
      {account.isPending && <Text>{t('loanAccount.loading')}</Text>}
      {next && (
        <Text>
          {t('loanAccount.main.next', { amount: formatMoney(next.amount), date: next.date })}
        </Text>
      )}
      {overdue && overdue.days > 0 && (
        <Text fw={700} c="red.9">
          {t('loanAccount.overdue.headline', {
            count: overdue.days,
            amount: formatMoney(overdue.total),
          })}
        </Text>
      )}
      <div>
        <Button
          component={Link}
          to={applicationSteps.account(loan.id)}
          color={overdue && overdue.days > 0 ? 'red.9' : undefined}
        >
          {t('loanAccount.main.pay')}
        </Button>
      </div>
    </LoanPanel>
  );
}
