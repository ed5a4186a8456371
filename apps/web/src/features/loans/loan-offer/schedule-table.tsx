import { Button, Table } from '@mantine/core';
import type { ScheduleRow } from '@sesxi/contract';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/money';
import { ScrollableTable } from '../../../shared/ui/scrollable-table';
import classes from './loan-offer.module.css';

interface ScheduleTableProps {
  schedule: ScheduleRow[];
  /** The disclosure button's text; the offer's by default. */
  toggleLabel?: string;
  /** The table's name; the offer's by default. */
  tableLabel?: string;
  /** Said under the table while it is open. */
  footnote?: ReactNode;
}

/** The whole schedule behind a disclosure button: every month's date, payment and parts. */
export function ScheduleTable({ schedule, toggleLabel, tableLabel, footnote }: ScheduleTableProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <div>
      <Button
        variant="subtle"
        px="xs"
        aria-expanded={open}
        aria-controls={regionId}
        rightSection={
          <span className={classes.chevron} data-open={open || undefined} aria-hidden="true">
            ▾
          </span>
        }
        onClick={() => {
          setOpen((shown) => !shown);
        }}
      >
        {toggleLabel ?? t('offer.scheduleToggle')}
      </Button>
      <div id={regionId} hidden={!open}>
        {open && (
          <ScrollableTable
            label={tableLabel ?? t('offer.scheduleTable')}
            minWidth={620}
            columns={[
              t('offer.number'),
              t('offer.date'),
              t('offer.payment'),
              t('offer.principal'),
              t('offer.interest'),
              t('offer.fee'),
              t('offer.balance'),
            ]}
          >
            {schedule.map((row) => (
              <Table.Tr key={row.number}>
                <Table.Td className={classes.scheduleCell}>{row.number}</Table.Td>
                <Table.Td className={classes.scheduleCell}>{row.date}</Table.Td>
                <Table.Td className={classes.scheduleCell}>{formatMoney(row.payment)}</Table.Td>
                <Table.Td className={classes.scheduleCell}>{formatMoney(row.principal)}</Table.Td>
                <Table.Td className={classes.scheduleCell}>{formatMoney(row.interest)}</Table.Td>
                <Table.Td className={classes.scheduleCell}>{formatMoney(row.fee)}</Table.Td>
                <Table.Td className={classes.scheduleCell}>{formatMoney(row.balance)}</Table.Td>
              </Table.Tr>
            ))}
          </ScrollableTable>
        )}
        {open && footnote}
      </div>
    </div>
  );
}
