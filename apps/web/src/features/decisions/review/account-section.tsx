import { Stack, Text } from '@mantine/core';
import type { LoanAccount } from '@sesxi/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../shared/ui/page-parts';
import { QueryContent } from '../../../shared/ui/query-content';
import { applicationAccountQuery } from '../api/decisions';

/** How the review shows a loan's ledger: the customer's own view of it, plugged in by the app. */
export type LedgerView = (account: LoanAccount) => ReactNode;

/** A paid-out loan's ledger under the officer's eyes: read only, each read logged by the server. */
export function AccountSection({ id, ledger }: { id: string; ledger: LedgerView }) {
  const { t } = useTranslation();
  const account = useQuery(applicationAccountQuery(id));
  return (
    <Section title={t('decisions.account.title')}>
      <Text size="sm" c="dimmed">
        {t('decisions.account.readOnly')}
      </Text>
      <QueryContent query={account} loading={t('decisions.account.loading')}>
        {(data) => <Stack gap="md">{ledger(data)}</Stack>}
      </QueryContent>
    </Section>
  );
}
