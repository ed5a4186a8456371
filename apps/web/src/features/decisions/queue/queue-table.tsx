import { Anchor, Table, Text } from '@mantine/core';
import type { QueueItem } from '@sesxi/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/format/money';
import { formatPercent } from '../../../shared/format/percent';
import { personName } from '../../../shared/format/person-name';
import { useListLinkState } from '../../../shared/list/list-location';
import { ScrollableTable } from '../../../shared/ui/scrollable-table';
import { BureauFlag, DocumentCheck } from '../flags';
import classes from './queue-table.module.css';

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

/** The status, flagged when an approval awaits a second officer. */
function Status({ item }: { item: QueueItem }) {
  const { t } = useTranslation();
  return (
    <>
      {item.status.name}
      {item.awaiting_second_officer && (
        <Text span size="sm" fw={700} c="blue.9" display="block">
          {t('decisions.filters.awaiting_second_officer')}
        </Text>
      )}
    </>
  );
}

interface QueueTableProps {
  items: QueueItem[];
  busy: boolean;
}

/**
 * The queue's rows, every column on a laptop's screen. On a phone the table scrolls sideways
 * under its number column, which stays in place with the link that opens the application and
 * the status in short.
 */
export function QueueTable({ items, busy }: QueueTableProps) {
  const { t } = useTranslation();
  const backTo = useListLinkState();
  return (
    <ScrollableTable
      label={t('decisions.queueTitle')}
      minWidth={900}
      busy={busy}
      stickyFirstColumn
      columns={[
        t('decisions.columns.number'),
        t('decisions.columns.customer'),
        t('decisions.columns.submitted'),
        t('decisions.columns.terms'),
        t('decisions.columns.pti'),
        t('decisions.columns.checks'),
        t('decisions.columns.status'),
      ]}
    >
      {items.map((item) => (
        <Table.Tr key={item.id}>
          <Table.Th scope="row" className={classes.number}>
            <Anchor
              component={Link}
              to={`/applications/${String(item.id)}`}
              state={backTo}
              aria-label={t('decisions.openApplication', { id: item.id })}
            >
              {item.id}
            </Anchor>
            <Text span size="xs" display="block" className={classes.shortStatus}>
              <Status item={item} />
            </Text>
          </Table.Th>
          <Table.Td>{personName(item.customer)}</Table.Td>
          <Table.Td>
            {item.submitted_at.slice(0, 16)}
            <Age hours={item.age_hours} />
          </Table.Td>
          <Table.Td>
            <span className={classes.nowrap}>{formatMoney(item.amount)}</span>
            {' · '}
            <span className={classes.nowrap}>{t('main.months', { count: item.months })}</span>
            <Text span size="xs" c="dimmed" display="block">
              {t('decisions.perMonth', { payment: formatMoney(item.monthly_payment) })}
            </Text>
          </Table.Td>
          <Table.Td>{item.pti === null ? t('support.none') : formatPercent(item.pti)}</Table.Td>
          <Table.Td>
            <Text span size="sm" display="block">
              {t('decisions.columns.bureau')}: <BureauFlag bureau={item.bureau} />
            </Text>
            <Text span size="sm" display="block">
              {t('decisions.columns.documentCheck')}:{' '}
              <DocumentCheck passed={item.identity_check_passed} />
            </Text>
          </Table.Td>
          <Table.Td>
            <Status item={item} />
            <Text span size="xs" c="dimmed" display="block">
              {item.assigned_officer
                ? personName(item.assigned_officer)
                : t('decisions.unassigned')}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollableTable>
  );
}
