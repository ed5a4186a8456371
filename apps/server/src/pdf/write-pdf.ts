import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/** A label and its value, side by side: the key-terms sheet's rows. */
export type Fact = readonly [label: string, value: string];

export interface TableColumn {
  title: string;
  /** Share of the text width, 0–1; a table's shares add up to 1. */
  width: number;
  align?: 'left' | 'right';
}

/** What a document is made of, top to bottom. */
export type PdfBlock =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'facts'; rows: readonly Fact[] }
  | { kind: 'table'; columns: readonly TableColumn[]; rows: readonly (readonly string[])[] }
  | { kind: 'pageBreak' };

export interface PdfModel {
  title: string;
  author: string;
  /** Written into the file: the same model makes the same bytes, and so the same SHA-256. */
  createdAt: Date;
  blocks: readonly PdfBlock[];
  /** Under every page, before its number (e.g. the contract's number). */
  footer: string;
  /** "Page {page} of {pages}" in the document's language. */
  pageNumber: (page: number, pages: number) => string;
}

// Noto Sans Georgian (OFL) covers Georgian, Latin, digits and ₾; embedded as a subset, its text
// stays real text (selectable, extractable) in every reader.
const fontFile = (weight: string) =>
  createRequire(import.meta.url).resolve(
    `@expo-google-fonts/noto-sans-georgian/${weight}/NotoSansGeorgian_${weight}.ttf`,
  );
export const regularFont = fontFile('400Regular');
export const boldFont = fontFile('700Bold');

const margin = 56;
const bodySize = 10;
const rowGap = 4;

/** An A4 PDF of `model`, in memory. */
export function writePdf(model: PdfModel): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin, bottom: margin + 16, left: margin, right: margin },
    bufferPages: true,
    info: { Title: model.title, Author: model.author, CreationDate: model.createdAt },
    lang: 'ka',
  });
  doc.registerFont('regular', regularFont);
  doc.registerFont('bold', boldFont);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * margin;
  const spaceLeft = () => doc.page.height - doc.page.margins.bottom - doc.y;

  function facts(rows: readonly Fact[]) {
    const labelWidth = width * 0.45;
    for (const [label, value] of rows) {
      doc.font('regular').fontSize(bodySize);
      const height = Math.max(
        doc.heightOfString(label, { width: labelWidth - 8 }),
        doc.font('bold').heightOfString(value, { width: width - labelWidth }),
      );
      if (height > spaceLeft()) doc.addPage();
      const top = doc.y;
      doc.font('regular').text(label, margin, top, { width: labelWidth - 8 });
      doc.font('bold').text(value, margin + labelWidth, top, { width: width - labelWidth });
      doc.y = top + height + rowGap;
    }
  }

  function table(columns: readonly TableColumn[], rows: readonly (readonly string[])[]) {
    const heightOf = (cells: readonly string[], font: 'regular' | 'bold') => {
      doc.font(font).fontSize(bodySize - 1);
      const heights = cells.map((cell, index) =>
        doc.heightOfString(cell, { width: (columns[index]?.width ?? 0) * width - 6 }),
      );
      return Math.max(...heights);
    };
    const titles = columns.map((column) => column.title);
    const row = (cells: readonly string[], font: 'regular' | 'bold') => {
      const height = heightOf(cells, font);
      if (height > spaceLeft()) {
        doc.addPage();
        if (font === 'regular') row(titles, 'bold');
        doc.font(font).fontSize(bodySize - 1);
      }
      const top = doc.y;
      let left = margin;
      cells.forEach((cell, index) => {
        const column = columns[index];
        const cellWidth = (column?.width ?? 0) * width;
        doc.text(cell, left, top, { width: cellWidth - 6, align: column?.align ?? 'left' });
        left += cellWidth;
      });
      doc.y = top + height + rowGap;
      doc
        .moveTo(margin, doc.y - rowGap / 2)
        .lineTo(margin + width, doc.y - rowGap / 2)
        .lineWidth(0.25)
        .strokeColor('#999999')
        .stroke();
    };
    // The header never stands alone at the foot of a page.
    const [first] = rows;
    const opening = heightOf(titles, 'bold') + (first ? heightOf(first, 'regular') : 0);
    if (opening + 2 * rowGap > spaceLeft()) doc.addPage();
    row(titles, 'bold');
    for (const cells of rows) row(cells, 'regular');
    doc.moveDown(0.6);
  }

  for (const block of model.blocks) {
    doc.x = margin;
    switch (block.kind) {
      case 'title':
        doc.font('bold').fontSize(16).text(block.text, { width }).moveDown(0.6);
        break;
      case 'heading':
        // Room for the heading and the start of what it heads (a table's header and first row).
        if (spaceLeft() < 100) doc.addPage();
        doc.moveDown(0.6).font('bold').fontSize(12).text(block.text, { width }).moveDown(0.3);
        break;
      case 'paragraph':
        doc.font('regular').fontSize(bodySize).text(block.text, { width }).moveDown(0.4);
        break;
      case 'facts':
        facts(block.rows);
        break;
      case 'table':
        table(block.columns, block.rows);
        break;
      case 'pageBreak':
        doc.addPage();
        break;
    }
  }

  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    const bottom = doc.page.height - margin;
    // Writing in the bottom margin must not start a new page.
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(8).fillColor('#555555');
    doc.text(model.footer, margin, bottom, { width: width / 2, lineBreak: false });
    doc.text(model.pageNumber(page - start + 1, count), margin + width / 2, bottom, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return finished;
}
