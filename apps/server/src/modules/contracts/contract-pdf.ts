import { writePdf, type PdfBlock, type PdfModel } from '#app/pdf/write-pdf.ts';
import { keyTermsBlocks, scheduleBlocks, type KeyTermsInputs } from './key-terms-sheet.ts';

/** The general terms' wording a contract holds (the content editor's, versioned). */
export interface GeneralTerms {
  version: number;
  /** Plain text, one paragraph a line; the first line is its title. */
  body: string;
}

export interface ContractPdfInputs extends KeyTermsInputs {
  generalTerms: GeneralTerms;
}

function generalTermsBlocks({ version, body }: GeneralTerms): PdfBlock[] {
  const [title = '', ...paragraphs] = body.split('\n').filter((line) => line.trim() !== '');
  return [
    { kind: 'title', text: title },
    ...paragraphs.map((text): PdfBlock => ({ kind: 'paragraph', text })),
    { kind: 'paragraph', text: `ზოგადი პირობების ვერსია ${version}` },
  ];
}

function modelOf(inputs: ContractPdfInputs, title: string, blocks: PdfBlock[]): PdfModel {
  return {
    title: `${title} №${inputs.number}`,
    author: inputs.lender,
    // The day the figures were computed for, not the moment of writing: the same inputs make
    // the same bytes.
    createdAt: new Date(`${inputs.figures.payout_date}T00:00:00+04:00`),
    blocks,
    footer: `ხელშეკრულება №${inputs.number}`,
    pageNumber: (page, pages) => `გვერდი ${page} / ${pages}`,
  };
}

/**
 * The contract's two PDFs: the contract (the key-terms sheet, the general terms, then the
 * schedule) and the key-terms sheet alone with its schedule. The same inputs make the same bytes.
 */
export async function writeContractPdfs(inputs: ContractPdfInputs) {
  const sheet = keyTermsBlocks(inputs);
  const schedule = scheduleBlocks(inputs.figures);
  const [contract, keyTerms] = await Promise.all([
    writePdf(
      modelOf(inputs, 'სესხის ხელშეკრულება', [
        ...sheet,
        { kind: 'pageBreak' },
        ...generalTermsBlocks(inputs.generalTerms),
        { kind: 'pageBreak' },
        ...schedule,
      ]),
    ),
    writePdf(modelOf(inputs, 'ხელშეკრულების მნიშვნელოვანი პირობები', [...sheet, ...schedule])),
  ]);
  return { contract, keyTerms };
}
