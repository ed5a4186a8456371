import { Text } from '@mantine/core';
import type { LoanAccount } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { Section } from '../../../shared/ui/page-parts';
import { TableOrCards } from '../../../shared/ui/table-or-cards';

type Transaction = LoanAccount['transactions'][number];
type AllocationPart = keyof Transaction['allocation'];

const allocationParts: readonly AllocationPart[] = [
  'penalty',
  'interest',
  'principal',
  'fee',
  'credit',
];

/** Where a payment went, its non-zero parts in the order they are paid (`ძირი 100,00 ₾; …`). */
function useAllocationText(): (transaction: Transaction) => string {
  const { t } = useTranslation();
  return ({ allocation }) =>
    allocationParts
      .filter((part) => allocation[part] !== 0)
      .map((part) => `${t(`loanAccount.allocation.${part}`)} ${formatMoney(allocation[part])}`)
      .join('; ');
}

/** The loan's ledger as it was posted: the payout, payments, accruals, penalties, fees, refunds. */
export function TransactionsSection({
  transactions,
  level,
}: {
  transactions: Transaction[];
  /** 3 under a section of its own (the officer's review). */
  level?: 2 | 3;
}) {
  const { t } = useTranslation();
  const allocationOf = useAllocationText();
  return (
    <Section title={t('loanAccount.transactions')} level={level}>
      {transactions.length === 0 ? (
        <Text>{t('loanAccount.noTransactions')}</Text>
      ) : (
        <TableOrCards
          label={t('loanAccount.transactions')}
          records={transactions}
          keyOf={(transaction) => transaction.id}
          minWidth={640}
          fieldsOf={(transaction) => [
            [t('loanAccount.date'), transaction.date],
            [t('loanAccount.kind'), t(`loanAccount.kinds.${transaction.kind}`)],
            [t('loanAccount.amount'), formatMoney(transaction.amount)],
            [t('loanAccount.allocationTitle'), allocationOf(transaction) || '—'],
            [t('loanAccount.reference'), transaction.reference ?? '—'],
          ]}
        />
      )}
    </Section>
  );
}
