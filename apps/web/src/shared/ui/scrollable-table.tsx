import '@mantine/core/styles/Table.layer.css';
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './scrollable-table.module.css';

interface ScrollableTableProps {
  /** Names the table. */
  label: string;
  /** The column headers. */
  columns: ReactNode[];
  minWidth: number;
  /** The rows on screen are the previous ones while the next ones load. */
  busy?: boolean;
  /** The first column stays in view while the rest scrolls sideways (rows name it with a th). */
  stickyFirstColumn?: boolean;
  /** The last column (a row's action) stays in view too, at the right edge. */
  stickyLastColumn?: boolean;
  /** The body's rows. */
  children: ReactNode;
}

/** A table that scrolls sideways on a phone instead of squeezing its columns. */
export function ScrollableTable({
  label,
  columns,
  minWidth,
  busy = false,
  stickyFirstColumn = false,
  stickyLastColumn = false,
  children,
}: ScrollableTableProps) {
  return (
    // Focusable, so that keyboard users can scroll it too; positioned, so that visually hidden
    // headers (absolutely placed) stay inside it instead of widening the page.
    <Table.ScrollContainer
      type="native"
      minWidth={minWidth}
      tabIndex={0}
      pos="relative"
      style={{ opacity: busy ? 0.6 : 1 }}
    >
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-label={label}
        aria-busy={busy}
        className={
          [stickyFirstColumn && classes.stickyFirst, stickyLastColumn && classes.stickyLast]
            .filter(Boolean)
            .join(' ') || undefined
        }
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={index} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
