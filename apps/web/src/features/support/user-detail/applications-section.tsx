import { Stack, Table, Text } from '@mantine/core';
import type { SupportApplication } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { ApprovedPayment, ReasonList } from '../../../shared/decision/decision-parts';
import { ScrollableTable } from '../../../shared/ui/scrollable-table';
import { Section } from '../../../shared/ui/page-parts';

/**
 * An application's decision as support reads it: when, an approval's terms, or a rejection's
 * reasons in the words the customer read them (never the officer's internal note).
 */
function DecisionCell({ decision }: { decision: SupportApplication['decision'] }) {
  const { t } = useTranslation();
  if (!decision) return <Text size="sm">{t('support.decisions.none')}</Text>;
  const date = decision.decided_at.slice(0, 16);
  if (decision.state === 'rejected') {
    return (
      <Stack gap={2}>
        <Text size="sm" fw={700}>
          {t('support.decisions.rejected', { date })}
        </Text>
        <ReasonList reasons={decision.reasons} label={t('support.decisions.reasons')} />
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="sm" fw={700}>
        {t(`support.decisions.${decision.state}`, { date })}
      </Text>
      {decision.amount !== null && decision.months !== null && (
        <Text size="sm">
          {t('support.decisions.terms', {
            amount: formatMoney(decision.amount),
            months: decision.months,
          })}
        </Text>
      )}
      <ApprovedPayment decision={decision} />
    </Stack>
  );
}

/**
 * The customer's applications, newest first, read-only: what support needs to answer "why was
 * I rejected?" and "where is my money?" (the read is logged with the user page).
 */
export function ApplicationsSection({ applications }: { applications: SupportApplication[] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('support.applicationsTitle')}>
      {applications.length === 0 ? (
        <Text>{t('support.noApplications')}</Text>
      ) : (
        <ScrollableTable
          label={t('support.applicationsTitle')}
          minWidth={760}
          stickyFirstColumn
          columns={[
            t('support.applicationNumber'),
            t('labels.applicationDate'),
            t('labels.requestedAmount'),
            t('labels.requestedTerm'),
            t('labels.status'),
            t('support.decision'),
          ]}
        >
          {applications.map((application) => (
            <Table.Tr key={application.id}>
              <Table.Th scope="row">{application.id}</Table.Th>
              <Table.Td>{application.created_at.slice(0, 16)}</Table.Td>
              <Table.Td>{formatMoney(application.amount)}</Table.Td>
              <Table.Td>{t('main.months', { count: application.months })}</Table.Td>
              <Table.Td>{application.loan_status.name}</Table.Td>
              <Table.Td>
                <DecisionCell decision={application.decision} />
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollableTable>
      )}
    </Section>
  );
}
