import { readFile } from 'node:fs/promises';
import fontkit from '@cantoo/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import { boldFont, regularFont, type Fact } from './write-pdf.ts';

/** One page added to a finished document: a title, paragraphs, then label–value rows. */
export interface AppendedPage {
  title: string;
  paragraphs: readonly string[];
  facts: readonly Fact[];
  footer: string;
}

const margin = 56;
const bodySize = 10;
const lineGap = 3;
const black = rgb(0, 0, 0);
const grey = rgb(0.33, 0.33, 0.33);

/**
 * `original` with `page` added after its last page, as an incremental update: the original
 * bytes stay the file's first bytes, unchanged, and the new page, its font and a new cross-
 * reference section follow them. So the original's SHA-256 can still be checked on the
 * signed file (its first `original.length` bytes), and the text stays real text in an
 * embedded font that covers Georgian, as the original's does.
 */
export async function appendPage(original: Uint8Array, page: AppendedPage): Promise<Buffer> {
  const doc = await PDFDocument.load(original, { forIncrementalUpdate: true });
  doc.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all(
    [regularFont, boldFont].map(async (file) =>
      doc.embedFont(await readFile(file), { subset: true }),
    ),
  );
  if (!regular || !bold) throw new Error('the Georgian fonts were not embedded');
  const [width, height] = pageSize(doc);
  const added = doc.addPage([width, height]);
  const writer = pageWriter(added, { width: width - 2 * margin, top: height - margin });

  writer.write(page.title, bold, 16);
  writer.skip(10);
  for (const paragraph of page.paragraphs) {
    writer.write(paragraph, regular, bodySize);
    writer.skip(6);
  }
  writer.skip(6);
  for (const [label, value] of page.facts) writer.fact(label, value, regular, bold);
  added.drawText(page.footer, { x: margin, y: margin - 16, size: 8, font: regular, color: grey });
  return Buffer.from(await doc.commit());
}

/** The size of the original's first page, which the added page takes too. */
function pageSize(doc: PDFDocument): [number, number] {
  const { width, height } = doc.getPage(0).getSize();
  return [width, height];
}

/** Writes lines down `page` from `top`, wrapped to `width`. */
function pageWriter(page: PDFPage, { width, top }: { width: number; top: number }) {
  let y = top;
  const lineHeight = (font: PDFFont, size: number) => font.heightAtSize(size) + lineGap;

  function draw(lines: readonly string[], font: PDFFont, size: number, x: number) {
    let lineY = y;
    for (const line of lines) {
      lineY -= lineHeight(font, size);
      page.drawText(line, { x, y: lineY, size, font, color: black });
    }
    return y - lineY;
  }

  return {
    write(text: string, font: PDFFont, size: number) {
      y -= draw(wrap(text, font, size, width), font, size, margin);
    },
    skip(points: number) {
      y -= points;
    },
    fact(label: string, value: string, regular: PDFFont, bold: PDFFont) {
      const labelWidth = width * 0.38;
      const used = Math.max(
        draw(wrap(label, regular, bodySize, labelWidth - 8), regular, bodySize, margin),
        draw(wrap(value, bold, bodySize, width - labelWidth), bold, bodySize, margin + labelWidth),
      );
      y -= used + 4;
    },
  };
}

/**
 * `text` in lines no wider than `width`: broken at spaces, and a word wider than a line (a hash,
 * a browser's name) broken where it must.
 */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = '';
    for (const character of word) {
      if (line !== '' && !fits(line + character)) {
        lines.push(line);
        line = '';
      }
      line += character;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}
