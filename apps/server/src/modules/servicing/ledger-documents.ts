import { formatLari, formatTimestamp, toGel } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import type { PaymentChannel } from '#app/db/schema.ts';
import type { FileStorage } from '#app/integrations/storage/file-storage.ts';
import { storePdfDocument } from '#app/pdf/customer-documents.ts';
import type { Fact, PdfBlock } from '#app/pdf/write-pdf.ts';
import type { Allocation } from './allocation.ts';

/** The customer a loan's documents are for, and the contract they name. */
export interface LoanCustomer {
  userId: number;
  name: string;
  surname: string;
  contractNumber: string;
}

/** A payment as its receipt shows it; amounts in tetri. */
export interface ReceiptFacts {
  loanId: number;
  transactionId: number;
  amountTetri: number;
  paidOn: string;
  channel: PaymentChannel;
  reference: string;
  allocation: Allocation;
  principalOutstandingTetri: number;
}

/** What a repaid loan's payments paid in all and to each part, in tetri. */
export type PaidInAll = Record<keyof Allocation | 'amount', number>;

const channelNames = {
  card: 'საბანკო ბარათი',
  billing: 'გადახდის აპარატი ან ბანკის არხი',
  core: 'საბანკო გადარიცხვა',
} as const satisfies Record<PaymentChannel, string>;

const lari = (tetri: number) => formatLari(toGel(tetri));

const partsOf = (paid: Allocation): Fact[] => [
  ['ჯარიმა', lari(paid.penalty)],
  ['პროცენტი', lari(paid.interest)],
  ['ძირი', lari(paid.principal)],
  ['წინსწრებით დაფარვის საკომისიო', lari(paid.fee)],
  ['ზედმეტად გადახდილი თანხა', lari(paid.credit)],
];

const refundable: PdfBlock = {
  kind: 'paragraph',
  text: 'ზედმეტად გადახდილი თანხის დაბრუნება შეგიძლიათ მოითხოვოთ; გთხოვთ, დაგვიკავშირდეთ.',
};

export interface DocumentContext {
  /** The lender's name, as the product calls itself. */
  lender: string;
  customer: LoanCustomer;
  loanId: number;
  createdAt: Date;
}

/** Stores a ledger document as every customer document is stored, in the transaction `tx`. */
function storeDocument(
  tx: Database,
  storage: FileStorage,
  { lender, customer, loanId, createdAt }: DocumentContext,
  document: { kind: 'receipt' | 'closure'; title: string; facts: Fact[]; blocks: PdfBlock[] },
  details: Record<string, unknown>,
) {
  return storePdfDocument(
    tx,
    storage,
    document.kind === 'receipt' ? 'receipts' : 'closures',
    {
      title: document.title,
      author: lender,
      createdAt,
      footer: `${lender} · ხელშეკრულება №${customer.contractNumber}`,
      pageNumber: (page, pages) => `გვერდი ${page} / ${pages}`,
      blocks: [
        { kind: 'title', text: document.title },
        {
          kind: 'facts',
          rows: [
            ['მსესხებელი', `${customer.name} ${customer.surname}`],
            ['ხელშეკრულება', `№${customer.contractNumber}`],
            ['გამსესხებელი', lender],
            ['შედგენის დრო', formatTimestamp(createdAt)],
            ...document.facts,
          ],
        },
        ...document.blocks,
      ],
    },
    { userId: customer.userId, loanId, kind: document.kind, details, createdAt },
  );
}

/** A payment's receipt (`receipt`): a Georgian PDF of what was paid and where it went. */
export function recordReceipt(
  tx: Database,
  storage: FileStorage,
  context: DocumentContext,
  payment: ReceiptFacts,
): Promise<number> {
  const { allocation } = payment;
  return storeDocument(
    tx,
    storage,
    context,
    {
      kind: 'receipt',
      title: `გადახდის ქვითარი №${payment.transactionId}`,
      facts: [
        ['გადახდის თარიღი', payment.paidOn],
        ['თანხა', lari(payment.amountTetri)],
        ['გადახდის საშუალება', channelNames[payment.channel]],
        ['მითითება', payment.reference],
      ],
      blocks: [
        { kind: 'heading', text: 'თანხის განაწილება' },
        { kind: 'facts', rows: partsOf(allocation) },
        {
          kind: 'facts',
          rows: [['დარჩენილი ძირი', lari(payment.principalOutstandingTetri)]],
        },
        ...(allocation.credit > 0 ? [refundable] : []),
      ],
    },
    { transaction_id: payment.transactionId, amount: toGel(payment.amountTetri) },
  );
}

/** A repaid loan's closure letter (`closure`): the loan is repaid in full, and what was paid. */
export function recordClosureLetter(
  tx: Database,
  storage: FileStorage,
  context: DocumentContext,
  { repaidOn, paid }: { repaidOn: string; paid: PaidInAll },
): Promise<number> {
  return storeDocument(
    tx,
    storage,
    context,
    {
      kind: 'closure',
      title: `ცნობა სესხის დახურვის შესახებ №${context.customer.contractNumber}`,
      facts: [
        ['დაფარვის თარიღი', repaidOn],
        ['სულ გადახდილი', lari(paid.amount)],
      ],
      blocks: [
        {
          kind: 'paragraph',
          text: `სესხი ხელშეკრულებით №${context.customer.contractNumber} ${repaidOn}-ს სრულად დაიფარა. ხელშეკრულებით ნაკისრი ფინანსური ვალდებულება შესრულებულია.`,
        },
        { kind: 'heading', text: 'გადახდილი თანხის განაწილება' },
        { kind: 'facts', rows: partsOf(paid) },
        ...(paid.credit > 0 ? [refundable] : []),
      ],
    },
    { repaid_on: repaidOn, paid: toGel(paid.amount) },
  );
}
