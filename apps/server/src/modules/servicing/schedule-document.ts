import { formatLari, toGel } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import type { FileStorage } from '#app/integrations/storage/file-storage.ts';
import { storePdfDocument } from '#app/pdf/customer-documents.ts';
import { scheduleDocumentModel } from '#app/pdf/schedule-document.ts';
import type { DocumentContext } from './ledger-documents.ts';
import { createServicingRepository } from './repository.ts';
import type { ScheduleRow } from './reschedule.ts';

/** A schedule a prepayment made: its version, the payment and the rows, amounts in tetri. */
export interface RevisedSchedule {
  version: number;
  paidOn: string;
  amountTetri: number;
  rows: readonly ScheduleRow[];
}

const lari = (tetri: number) => formatLari(toGel(tetri));

/**
 * The schedule a prepayment left, as one of the customer's documents (`schedule`, a Georgian
 * PDF), in the payment's transaction `tx`; the loan's earlier schedule documents are marked
 * superseded by it.
 */
export async function recordRevisedSchedule(
  tx: Database,
  storage: FileStorage,
  { lender, customer, loanId, createdAt }: DocumentContext,
  { version, paidOn, amountTetri, rows }: RevisedSchedule,
): Promise<number> {
  await createServicingRepository(tx).supersedeScheduleDocuments(loanId, createdAt);
  const model = scheduleDocumentModel('გადახდების განახლებული გრაფიკი', {
    contractNumber: customer.contractNumber,
    facts: [
      ['მსესხებელი', `${customer.name} ${customer.surname}`],
      ['წინსწრებით დაფარვის თარიღი', paidOn],
      ['გადახდილი თანხა', lari(amountTetri)],
    ],
    rows: rows.map((row) => ({
      number: row.number,
      date: row.dueDate,
      payment: row.principal + row.interest + row.fee,
      principal: row.principal,
      interest: row.interest,
      fee: row.fee,
      balance: row.balance,
    })),
    createdAt,
    productName: lender,
  });
  return storePdfDocument(tx, storage, 'schedules', model, {
    userId: customer.userId,
    loanId,
    kind: 'schedule',
    details: { number: customer.contractNumber, version, prepaid_on: paidOn },
    createdAt,
  });
}
