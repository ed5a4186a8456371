import { createHash } from 'node:crypto';
import { formatLari, toGel } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { newStorageKey, type FileStorage } from '#app/integrations/storage/file-storage.ts';
import { writePdf, type PdfModel } from '#app/pdf/write-pdf.ts';
import type { Clock } from '#app/clock.ts';
import { createPayoutRepository, type PayoutRepository } from './repository.ts';

/** The kind of job that makes a paid-out loan's schedule document. */
export const scheduleDocumentJob = 'payout.schedule_document';

type PaidSchedule = NonNullable<Awaited<ReturnType<PayoutRepository['paidSchedule']>>>;

const lari = (tetri: number) => formatLari(toGel(tetri));

/** The schedule as the customer reads it, in Georgian. */
function scheduleModel({ loan, payout, instalments }: PaidSchedule, productName: string): PdfModel {
  const title = 'გადახდების გრაფიკი';
  const sum = (pick: (row: (typeof instalments)[number]) => number) =>
    lari(instalments.reduce((total, row) => total + pick(row), 0));
  return {
    title,
    author: productName,
    createdAt: payout.paidAt,
    footer: `ხელშეკრულება № ${loan.contractNumber}`,
    pageNumber: (page, pages) => `გვერდი ${page} / ${pages}`,
    blocks: [
      { kind: 'title', text: title },
      {
        kind: 'facts',
        rows: [
          ['ხელშეკრულება', `№ ${loan.contractNumber}`],
          ['მსესხებელი', `${loan.name} ${loan.surname}`],
          ['ჩარიცხული თანხა', lari(payout.amountTetri)],
          ['ჩარიცხვის თარიღი', payout.payoutDate],
          ['გადახდის დღე', `ყოველი თვის ${loan.paymentDay} რიცხვი`],
        ],
      },
      {
        kind: 'table',
        columns: [
          { title: '№', width: 0.06 },
          { title: 'თარიღი', width: 0.16 },
          { title: 'შენატანი', width: 0.16, align: 'right' },
          { title: 'ძირი', width: 0.16, align: 'right' },
          { title: 'პროცენტი', width: 0.14, align: 'right' },
          { title: 'საკომისიო', width: 0.14, align: 'right' },
          { title: 'ნაშთი', width: 0.18, align: 'right' },
        ],
        rows: [
          ...instalments.map((row) => [
            String(row.number),
            row.dueDate,
            lari(row.paymentTetri),
            lari(row.principalTetri),
            lari(row.interestTetri),
            lari(row.feeTetri),
            lari(row.balanceTetri),
          ]),
          [
            '',
            'ჯამი',
            sum((row) => row.paymentTetri),
            sum((row) => row.principalTetri),
            sum((row) => row.interestTetri),
            sum((row) => row.feeTetri),
            '',
          ],
        ],
      },
    ],
  };
}

/**
 * The schedule fixed at the payout, as one of the customer's documents (`schedule`): a PDF in
 * Georgian, stored with the SHA-256 of exactly its bytes. Made once a loan; made from the stored
 * rows and the payout, so the same loan makes the same bytes.
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
      const payouts = createPayoutRepository(db);
      const schedule = await payouts.paidSchedule(loanId);
      if (!schedule || (await payouts.hasScheduleDocument(loanId))) return;
      const bytes = await writePdf(scheduleModel(schedule, productName));
      const storageKey = newStorageKey('schedules');
      await storage.put(storageKey, bytes, 'application/pdf');
      await payouts.insertScheduleDocument({
        userId: schedule.loan.userId,
        loanId,
        kind: 'schedule',
        storageKey,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        size: bytes.length,
        details: {
          number: schedule.loan.contractNumber,
          payout_date: schedule.payout.payoutDate,
        },
        createdAt: clock.now(),
      });
    },
  };
}
