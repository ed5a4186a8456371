import '@mantine/core/styles/Paper.layer.css';
import { Paper, Stack, Text } from '@mantine/core';
import type { LoanAccount } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { FieldList } from '../../../shared/ui/field-list';

/** What is late, in red and in words: the days, the amount and its parts, the caps' room left. */
export function OverdueNotice({ account }: { account: LoanAccount }) {
  const { t } = useTranslation();
  const { overdue } = account;
  return (
    <Paper withBorder p="md" style={{ borderColor: 'var(--mantine-color-red-9)' }}>
      <Stack gap="xs">
        <Text fw={700} c="red.9">
          {t('loanAccount.overdue.headline', {
            count: overdue.days,
            amount: formatMoney(overdue.total),
          })}
        </Text>
        <FieldList
          fields={[
            [t('loanAccount.principal'), formatMoney(overdue.principal)],
            [t('loanAccount.interest'), formatMoney(overdue.interest)],
            [t('loanAccount.overdue.penalty'), formatMoney(overdue.penalty)],
            [t('loanAccount.overdue.capLeft'), formatMoney(account.late_costs_cap_left)],
          ]}
        />
        <Text size="sm">{t('loanAccount.overdue.caps')}</Text>
      </Stack>
    </Paper>
  );
}

/** The answers at a glance: how much is left, what is due next and by when, what is late. */
export function AccountSummary({ account }: { account: LoanAccount }) {
  const { t } = useTranslation();
  const next = account.next_payment;
  return (
    <Stack gap="sm">
      <Text fw={600} role="status">
        {t('loanAccount.status', { status: t(`loanAccount.statuses.${account.status}`) })}
      </Text>
      <FieldList
        fields={[
          [t('loanAccount.balance'), formatMoney(account.principal_outstanding)],
          [
            t('loanAccount.nextPayment'),
            next
              ? t('loanAccount.nextPaymentValue', {
                  amount: formatMoney(next.amount),
                  date: next.date,
                })
              : t('loanAccount.noNextPayment'),
          ],
          ...(account.credit_balance > 0
            ? [[t('loanAccount.credit'), formatMoney(account.credit_balance)] as [string, string]]
            : []),
        ]}
      />
      {account.overdue.days > 0 && <OverdueNotice account={account} />}
    </Stack>
  );
}
