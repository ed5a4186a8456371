import { formatLari, toGel } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import type { FileStorage } from '#app/integrations/storage/file-storage.ts';
import { storePdfDocument } from '#app/pdf/customer-documents.ts';
import { scheduleDocumentModel } from '#app/pdf/schedule-document.ts';
import type { PdfModel } from '#app/pdf/write-pdf.ts';
import type { Clock } from '#app/clock.ts';
import { createPayoutRepository, type PayoutRepository } from './repository.ts';

/** The kind of job that makes a paid-out loan's schedule document. */
export const scheduleDocumentJob = 'payout.schedule_document';

type PaidSchedule = NonNullable<Awaited<ReturnType<PayoutRepository['paidSchedule']>>>;

const lari = (tetri: number) => formatLari(toGel(tetri));

/** The schedule fixed at the payout as the customer reads it, in Georgian. */
function scheduleModel({ loan, payout, instalments }: PaidSchedule, productName: string): PdfModel {
  return scheduleDocumentModel('გადახდების გრაფიკი', {
    contractNumber: loan.contractNumber,
    facts: [
      ['მსესხებელი', `${loan.name} ${loan.surname}`],
      ['ჩარიცხული თანხა', lari(payout.amountTetri)],
      ['ჩარიცხვის თარიღი', payout.payoutDate],
      ['გადახდის დღე', `ყოველი თვის ${loan.paymentDay} რიცხვი`],
    ],
    rows: instalments.map((row) => ({
      number: row.number,
      date: row.dueDate,
      payment: row.paymentTetri,
      principal: row.principalTetri,
      interest: row.interestTetri,
      fee: row.feeTetri,
      balance: row.balanceTetri,
    })),
    createdAt: payout.paidAt,
    productName,
  });
}

/**
 * The schedule fixed at the payout, as one of the customer's documents (`schedule`): a PDF in
 * Georgian, stored with the SHA-256 of exactly its bytes. Made once a loan; made from the stored
 * rows and the payout, so the same loan makes the same bytes. A prepayment posted before this
 * job ran has already replaced the schedule: the document is made all the same, marked
 * superseded, so the customer keeps every schedule they were given.
 */
export function createScheduleDocuments({
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
    async make(loanId: number): Promise<void> {
      const schedule = await createPayoutRepository(db).paidSchedule(loanId);
      if (!schedule) return;
      await db.transaction(async (tx) => {
        const payouts = createPayoutRepository(tx);
        // A prepayment takes the same lock: it cannot replace the schedule while this reads.
        await payouts.lockApplication(loanId);
        const versions = await payouts.scheduleDocumentVersions(loanId);
        if (versions.includes(1)) return;
        const now = clock.now();
        const documentId = await storePdfDocument(
          tx,
          storage,
          'schedules',
          scheduleModel(schedule, productName),
          {
            userId: schedule.loan.userId,
            loanId,
            kind: 'schedule',
            details: {
              number: schedule.loan.contractNumber,
              payout_date: schedule.payout.payoutDate,
            },
            createdAt: now,
          },
        );
        if (versions.length > 0) await payouts.supersedeDocument(documentId, now);
      });
    },
  };
}
