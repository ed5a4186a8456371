import { scheduleTable, type ScheduleTableRow } from './schedule-table.ts';
import type { PdfModel } from './write-pdf.ts';

/** What a schedule document shows beside its table. */
export interface ScheduleDocument {
  contractNumber: string;
  /** The facts above the table, each a Georgian label and its value. */
  facts: [string, string][];
  rows: readonly ScheduleTableRow[];
  createdAt: Date;
  productName: string;
}

/**
 * A loan's schedule as the customer reads it, in Georgian: the payout's and each one a
 * prepayment makes (`title` tells them apart).
 */
export function scheduleDocumentModel(
  title: string,
  { contractNumber, facts, rows, createdAt, productName }: ScheduleDocument,
): PdfModel {
  return {
    title,
    author: productName,
    createdAt,
    footer: `ხელშეკრულება № ${contractNumber}`,
    pageNumber: (page, pages) => `გვერდი ${page} / ${pages}`,
    blocks: [
      { kind: 'title', text: title },
      { kind: 'facts', rows: [['ხელშეკრულება', `№ ${contractNumber}`], ...facts] },
      scheduleTable(rows, { totals: true }),
    ],
  };
}
