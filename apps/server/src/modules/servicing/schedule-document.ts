import { formatLari, toGel } from '@sesxi/contract';
import { z } from 'zod';
import type { Clock } from '#app/clock.ts';
import type { Database } from '#app/db/database.ts';
import type { FileStorage } from '#app/integrations/storage/file-storage.ts';
import { storePdfDocument } from '#app/pdf/customer-documents.ts';
import { scheduleDocumentModel } from '#app/pdf/schedule-document.ts';
import { createServicingRepository } from './repository.ts';

/** The kind of job that makes the document of a schedule a prepayment changed. */
export const revisedScheduleDocumentJob = 'servicing.schedule_document';

export const revisedSchedulePayload = z.object({
  loanId: z.number().int(),
  version: z.number().int(),
});

const lari = (tetri: number) => formatLari(toGel(tetri));

/**
 * The schedule a prepayment left, as one of the customer's documents (`schedule`, a PDF in
 * Georgian); the loan's earlier schedule documents are marked superseded. Made once a version,
 * from the stored rows and the payment.
 */
export function createRevisedScheduleDocuments({
  db,
  clock,
  storage,
  productName,
}: {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  productName: string;
}) {
  return {
    async make({ loanId, version }: z.infer<typeof revisedSchedulePayload>): Promise<void> {
      await db.transaction(async (tx) => {
        const servicing = createServicingRepository(tx);
        const revision = await servicing.scheduleRevision(loanId, version);
        if (!revision || (await servicing.hasScheduleDocument(loanId, version))) return;
        const { loan, payment, rows } = revision;
        const now = clock.now();
        await servicing.supersedeScheduleDocuments(loanId, now);
        const model = scheduleDocumentModel('გადახდების განახლებული გრაფიკი', {
          contractNumber: loan.contractNumber,
          facts: [
            ['მსესხებელი', `${loan.name} ${loan.surname}`],
            ['წინსწრებით დაფარვის თარიღი', payment.businessDate],
            ['გადახდილი თანხა', lari(payment.amountTetri)],
          ],
          rows: rows.map((row) => ({
            number: row.number,
            date: row.dueDate,
            payment: row.paymentTetri,
            principal: row.principalTetri,
            interest: row.interestTetri,
            fee: row.feeTetri,
            balance: row.balanceTetri,
          })),
          createdAt: now,
          productName,
        });
        await storePdfDocument(tx, storage, 'schedules', model, {
          userId: loan.userId,
          loanId,
          kind: 'schedule',
          details: { number: loan.contractNumber, version, prepaid_on: payment.businessDate },
          createdAt: now,
        });
      });
    },
  };
}
