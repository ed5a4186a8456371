import { Stack, Text } from '@mantine/core';
import type { SupportApplication } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { ApprovedPayment, ReasonList } from '../../../shared/decision/decision-parts';
import { TableOrCards } from '../../../shared/ui/table-or-cards';
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
 * I rejected?" and "where is my money?" (the read is logged with the user page). Cards on a
 * phone, as the customer reads them on /main; a table wider.
 */
export function ApplicationsSection({ applications }: { applications: SupportApplication[] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('support.applicationsTitle')}>
      {applications.length === 0 ? (
        <Text>{t('support.noApplications')}</Text>
      ) : (
        <TableOrCards
          label={t('support.applicationsTitle')}
          records={applications}
          keyOf={(application) => application.id}
          fieldsOf={(application) => [
            [t('support.applicationNumber'), application.id],
            [t('labels.applicationDate'), application.created_at.slice(0, 16)],
            [t('labels.requestedAmount'), formatMoney(application.amount)],
            [t('labels.requestedTerm'), t('main.months', { count: application.months })],
            [t('labels.status'), application.loan_status.name],
            [t('support.decision'), <DecisionCell decision={application.decision} />],
          ]}
          minWidth={760}
          rowHeader
        />
      )}
    </Section>
  );
}
