import '@mantine/core/styles/Paper.layer.css';
import { Paper, Stack, Table } from '@mantine/core';
import { Fragment, type Key, type ReactNode } from 'react';
import { ScrollableTable } from './scrollable-table';
import classes from './table-or-cards.module.css';

interface TableOrCardsProps<T> {
  /** Names the table and the list of cards. */
  label: string;
  records: T[];
  keyOf: (record: T) => Key;
  /** A record's fields in the columns' order, as [header, value]; the last takes a card's width. */
  fieldsOf: (record: T) => [string, ReactNode][];
  minWidth: number;
  busy?: boolean;
  /** The first field names its row (a th) and stays in view while the table scrolls. */
  rowHeader?: boolean;
  /** What follows a record: inside its card on a phone, under the table wider. */
  extraOf?: (record: T) => ReactNode;
}

/**
 * Records (at least one) as a card each on a phone, their fields one under another with nothing
 * to scroll sideways; from 768 px as a table, one row a record. Both are rendered and CSS shows
 * one (the hidden one is hidden from screen readers too).
 */
export function TableOrCards<T>({
  label,
  records,
  keyOf,
  fieldsOf,
  minWidth,
  busy = false,
  rowHeader = false,
  extraOf,
}: TableOrCardsProps<T>) {
  const headers = fieldsOf(records[0] as T).map(([header]) => header);
  return (
    <>
      <div className={classes.phoneOnly}>
        <ul
          className={classes.cards}
          aria-label={label}
          aria-busy={busy}
          style={{ opacity: busy ? 0.6 : 1 }}
        >
          {records.map((record) => (
            <Paper component="li" key={keyOf(record)} withBorder p="sm">
              <dl className={classes.fields}>
                {fieldsOf(record).map(([header, value]) => (
                  <div key={header} className={classes.field}>
                    <dt>{header}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
              {extraOf?.(record)}
            </Paper>
          ))}
        </ul>
      </div>
      <div className={classes.wideOnly}>
        <Stack gap="xs">
          <ScrollableTable
            label={label}
            minWidth={minWidth}
            busy={busy}
            stickyFirstColumn={rowHeader}
            columns={headers}
          >
            {records.map((record) => (
              <Table.Tr key={keyOf(record)}>
                {fieldsOf(record).map(([header, value], index) =>
                  rowHeader && index === 0 ? (
                    <Table.Th key={header} scope="row">
                      {value}
                    </Table.Th>
                  ) : (
                    <Table.Td key={header}>{value}</Table.Td>
                  ),
                )}
              </Table.Tr>
            ))}
          </ScrollableTable>
          {extraOf &&
            records.map((record) => <Fragment key={keyOf(record)}>{extraOf(record)}</Fragment>)}
        </Stack>
      </div>
    </>
  );
}
