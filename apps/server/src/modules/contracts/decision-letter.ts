import { formatLari, formatTimestamp } from '@sesxi/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { users } from '#app/db/schema.ts';
import type { FileStorage } from '#app/integrations/storage/file-storage.ts';
import type { Fact, PdfBlock } from '#app/pdf/write-pdf.ts';
import { storePdfDocument } from '#app/pdf/customer-documents.ts';

/** What was decided: a final approval's terms, or a rejection's reasons as the customer reads them. */
export type DecisionOutcome =
  | {
      kind: 'approval';
      amount: number;
      months: number;
      monthlyPayment: number;
      effectiveRate: number;
    }
  | { kind: 'rejection'; reasons: string[] };

export interface DecisionLetter {
  loanId: number;
  userId: number;
  /** The lender's name, as the product calls itself. */
  lender: string;
  decidedAt: Date;
  outcome: DecisionOutcome;
}

const percent = (rate: number) => `${rate.toFixed(2).replace('.', ',')}%`;

function outcomeBlocks(outcome: DecisionOutcome): PdfBlock[] {
  if (outcome.kind === 'rejection') {
    return [
      { kind: 'paragraph', text: 'სამწუხაროდ, თქვენი განაცხადი არ დამტკიცდა.' },
      { kind: 'heading', text: 'უარის მიზეზები' },
      ...outcome.reasons.map((reason): PdfBlock => ({ kind: 'paragraph', text: `• ${reason}` })),
    ];
  }
  const terms: Fact[] = [
    ['სესხის თანხა', formatLari(outcome.amount)],
    ['ვადა', `${outcome.months} თვე`],
    ['ყოველთვიური შენატანი', formatLari(outcome.monthlyPayment)],
    ['ეფექტური საპროცენტო განაკვეთი', percent(outcome.effectiveRate)],
  ];
  return [
    { kind: 'paragraph', text: 'თქვენი განაცხადი დამტკიცდა შემდეგი პირობებით:' },
    { kind: 'facts', rows: terms },
    {
      kind: 'paragraph',
      text: 'ხელშეკრულების მნიშვნელოვანი პირობები და ხელშეკრულება ხელმისაწვდომია თქვენს გვერდზე.',
    },
  ];
}

/**
 * The decision letter (`decision`): a PDF in Georgian telling the customer what was decided on
 * their application and, for a rejection, why; stored with `tx` like the other documents, in
 * the decision's transaction.
 */
export async function recordDecisionLetter(
  tx: Database,
  storage: FileStorage,
  { loanId, userId, lender, decidedAt, outcome }: DecisionLetter,
): Promise<number> {
  const [customer] = await tx
    .select({ name: users.name, surname: users.surname })
    .from(users)
    .where(eq(users.id, userId));
  if (!customer) throw new Error(`no customer ${userId} for a decision letter`);
  const title = `გადაწყვეტილება განაცხადზე №${loanId}`;
  return storePdfDocument(
    tx,
    storage,
    'decisions',
    {
      title,
      author: lender,
      createdAt: decidedAt,
      footer: `${lender} · განაცხადი №${loanId}`,
      pageNumber: (page, pages) => `გვერდი ${page} / ${pages}`,
      blocks: [
        { kind: 'title', text: title },
        {
          kind: 'facts',
          rows: [
            ['განმცხადებელი', `${customer.name} ${customer.surname}`],
            ['გადაწყვეტილების დრო', formatTimestamp(decidedAt)],
            ['გამსესხებელი', lender],
          ],
        },
        ...outcomeBlocks(outcome),
      ],
    },
    {
      userId,
      loanId,
      kind: 'decision',
      details: { outcome: outcome.kind },
      createdAt: decidedAt,
    },
  );
}
