import { formatLari, toGel } from '@sesxi/contract';
import type { PdfBlock } from './write-pdf.ts';

/** One payment of a schedule, amounts in tetri, its date `YYYY-MM-DD`. */
export interface ScheduleTableRow {
  number: number;
  date: string;
  payment: number;
  principal: number;
  interest: number;
  fee: number;
  balance: number;
}

const lari = (tetri: number) => formatLari(toGel(tetri));

const columns = [
  { title: '№', width: 0.06 },
  { title: 'თარიღი', width: 0.16 },
  { title: 'შენატანი', width: 0.16, align: 'right' },
  { title: 'ძირი', width: 0.16, align: 'right' },
  { title: 'პროცენტი', width: 0.15, align: 'right' },
  { title: 'საკომისიო', width: 0.14, align: 'right' },
  { title: 'ნაშთი', width: 0.17, align: 'right' },
] as const;

/**
 * A schedule of payments as a table, in Georgian: the key-terms sheet's and the schedule
 * document's. With `totals`, a last row sums the payments, principal, interest and fees.
 */
export function scheduleTable(
  rows: readonly ScheduleTableRow[],
  { totals = false }: { totals?: boolean } = {},
): PdfBlock {
  const sum = (pick: (row: ScheduleTableRow) => number) =>
    lari(rows.reduce((total, row) => total + pick(row), 0));
  return {
    kind: 'table',
    columns,
    rows: [
      ...rows.map((row) => [
        String(row.number),
        row.date,
        lari(row.payment),
        lari(row.principal),
        lari(row.interest),
        lari(row.fee),
        lari(row.balance),
      ]),
      ...(totals
        ? [
            [
              '',
              'ჯამი',
              sum((row) => row.payment),
              sum((row) => row.principal),
              sum((row) => row.interest),
              sum((row) => row.fee),
              '',
            ],
          ]
        : []),
    ],
  };
}
