import '@mantine/core/styles/Paper.layer.css';
import { Paper, Stack, Title } from '@mantine/core';
import type { LoanListItem } from '@sesxi/contract';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';

/** A panel of /main about one application or loan: titled with its number, amount and term. */
export function LoanPanel({ loan, children }: { loan: LoanListItem; children: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {t('journey.openSummary', {
            id: loan.id,
            amount: formatMoney(loan.amount),
            months: loan.months,
          })}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
