import { Anchor, Table, Text } from '@mantine/core';
import type { QueueItem } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/format/money';
import { formatPercent } from '../../../shared/format/percent';
import { Mark } from '../../../shared/ui/page-parts';
import { ScrollableTable } from '../../../shared/ui/scrollable-table';
import { useListLinkState } from '../../../shared/list/list-location';
import { personName } from '../../../shared/format/person-name';

function Age({ hours }: { hours: number }) {
  const { t } = useTranslation();
  return (
    <Text span size="xs" c="dimmed" display="block">
      {hours < 1
        ? t('decisions.ageJustNow')
        : hours < 48
          ? t('decisions.ageHours', { count: hours })
          : t('decisions.ageDays', { count: Math.floor(hours / 24) })}
    </Text>
  );
}

/** The bureau's verdict in words: a 90+ days overdue loan is the one strong red flag. */
export function BureauFlag({ bureau }: { bureau: QueueItem['bureau'] }) {
  const { t } = useTranslation();
  if (bureau.state !== 'ready') {
    return (
      <Text span size="sm">
        {t(
          bureau.state === 'pending'
            ? 'decisions.bureauFlag.pending'
            : 'decisions.bureauFlag.unavailable',
        )}
      </Text>
    );
  }
  return bureau.serious_overdue ? (
    <Text span size="sm" fw={700} c="red.9">
      <span aria-hidden="true">⚠ </span>
      {t('decisions.bureauFlag.seriousOverdue')}
    </Text>
  ) : (
    <Mark ok notOkColor="red.9">
      {t('decisions.bureauFlag.clean')}
    </Mark>
  );
}

function DocumentCheck({ passed }: { passed: boolean | null }) {
  const { t } = useTranslation();
  if (passed === null)
    return (
      <Text span size="sm">
        {t('decisions.documentCheck.missing')}
      </Text>
    );
  return (
    <Mark ok={passed} notOkColor="red.9">
      {t(passed ? 'decisions.documentCheck.passed' : 'decisions.documentCheck.failed')}
    </Mark>
  );
}

interface QueueTableProps {
  items: QueueItem[];
  busy: boolean;
}

/** The queue's rows; on a phone the table scrolls sideways with the number column fixed. */
export function QueueTable({ items, busy }: QueueTableProps) {
  const { t } = useTranslation();
  const backTo = useListLinkState();
  return (
    <ScrollableTable
      label={t('decisions.queueTitle')}
      minWidth={1180}
      busy={busy}
      stickyFirstColumn
      columns={[
        t('decisions.columns.number'),
        t('decisions.columns.customer'),
        t('decisions.columns.submitted'),
        t('decisions.columns.amount'),
        t('decisions.columns.term'),
        t('decisions.columns.monthlyPayment'),
        t('decisions.columns.pti'),
        t('decisions.columns.bureau'),
        t('decisions.columns.documentCheck'),
        t('decisions.columns.officer'),
        t('decisions.columns.status'),
      ]}
    >
      {items.map((item) => (
        <Table.Tr key={item.id}>
          <Table.Th scope="row">
            <Anchor
              component={Link}
              to={`/applications/${String(item.id)}`}
              state={backTo}
              aria-label={t('decisions.openApplication', { id: item.id })}
            >
              {item.id}
            </Anchor>
          </Table.Th>
          <Table.Td>{personName(item.customer)}</Table.Td>
          <Table.Td>
            {item.submitted_at.slice(0, 16)}
            <Age hours={item.age_hours} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(item.amount)}</Table.Td>
          <Table.Td>{t('main.months', { count: item.months })}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(item.monthly_payment)}</Table.Td>
          <Table.Td>{item.pti === null ? t('support.none') : formatPercent(item.pti)}</Table.Td>
          <Table.Td>
            <BureauFlag bureau={item.bureau} />
          </Table.Td>
          <Table.Td>
            <DocumentCheck passed={item.identity_check_passed} />
          </Table.Td>
          <Table.Td>
            {item.assigned_officer ? personName(item.assigned_officer) : t('decisions.unassigned')}
          </Table.Td>
          <Table.Td>
            {item.status.name}
            {item.awaiting_second_officer && (
              <Text size="sm" fw={700} c="blue.9">
                {t('decisions.filters.awaiting_second_officer')}
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollableTable>
  );
}
