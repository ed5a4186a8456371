import { Button, Table, Text } from '@mantine/core';
import type { VerificationCheck } from '@sesxi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../ui/page-parts';
import { ScrollableTable } from '../ui/scrollable-table';
import { CheckDetailsDialog } from './check-details-dialog';
import { similarityOrRawText } from './check-result';

const outcomeKeys = {
  success: 'support.outcomes.success',
  failure: 'support.outcomes.failure',
  pending: 'support.outcomes.pending',
} as const;

/** The customer's most recent verification checks, each with a detail dialog. */
export function ChecksSection({ checks }: { checks: VerificationCheck[] }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<VerificationCheck | null>(null);
  return (
    <Section title={t('support.checksTitle')}>
      {checks.length === 0 ? (
        <Text>{t('support.noChecks')}</Text>
      ) : (
        <ScrollableTable
          label={t('support.checksTitle')}
          minWidth={560}
          columns={[
            t('support.date'),
            t('labels.similarity'),
            t('support.outcome'),
            t('support.details'),
          ]}
        >
          {checks.map((check) => (
            <Table.Tr key={check.id}>
              <Table.Td>{check.created_at}</Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {similarityOrRawText(check.result)}
                </Text>
              </Table.Td>
              <Table.Td>{t(outcomeKeys[check.outcome ?? 'pending'])}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="default"
                  aria-label={t('support.detailsOf', { date: check.created_at })}
                  onClick={() => {
                    setOpened(check);
                  }}
                >
                  {t('support.details')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollableTable>
      )}
      <CheckDetailsDialog
        check={opened}
        onClose={() => {
          setOpened(null);
        }}
      />
    </Section>
  );
}
