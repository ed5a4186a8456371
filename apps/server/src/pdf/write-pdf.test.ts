import { createHash } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { writePdf, type PdfModel } from './write-pdf.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function pagesOf(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  return (await extractText(pdf)).text;
}

const model = (amount = '1 500,00 ₾', rows = 3): PdfModel => ({
  title: 'ხელშეკრულების მნიშვნელოვანი პირობები',
  author: 'სს „სესხი“',
  createdAt: new Date('2026-11-27T10:00:00Z'),
  footer: 'ხელშეკრულება № SX-2026-000041',
  pageNumber: (page, pages) => `გვერდი ${page} / ${pages}`,
  blocks: [
    { kind: 'title', text: 'ხელშეკრულების მნიშვნელოვანი პირობები' },
    {
      kind: 'facts',
      rows: [
        ['სესხის თანხა', amount],
        ['ეფექტური წლიური საპროცენტო განაკვეთი', '32,50%'],
      ],
    },
    { kind: 'heading', text: 'გრაფიკი' },
    {
      kind: 'table',
      columns: [
        { title: '№', width: 0.1 },
        { title: 'თარიღი', width: 0.5 },
        { title: 'შენატანი', width: 0.4, align: 'right' },
      ],
      rows: Array.from({ length: rows }, (_, index) => [
        String(index + 1),
        `2027-${String((index % 12) + 1).padStart(2, '0')}-15`,
        '150,25 ₾',
      ]),
    },
    { kind: 'paragraph', text: 'მსესხებელს უფლება აქვს, 14 დღის განმავლობაში უარი თქვას.' },
  ],
});

describe('writePdf', () => {
  it('writes Georgian, Latin, digits and ₾ as real text in an embedded font', async () => {
    const bytes = await writePdf(model());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const [page] = await pagesOf(bytes);
    for (const text of [
      'ხელშეკრულების მნიშვნელოვანი პირობები',
      'სესხის თანხა',
      '1 500,00 ₾',
      '32,50%',
      '2027-03-15',
      '14 დღის განმავლობაში',
      'ხელშეკრულება № SX-2026-000041',
      'გვერდი 1 / 1',
    ]) {
      expect(page?.replace(/\s+/g, ' ')).toContain(text.replace(/\s+/g, ' '));
    }
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/\/FontFile2/);
    expect(raw).toMatch(/NotoSansGeorgian/);
  });

  it('makes the same bytes of the same model, and other bytes of another', async () => {
    const [one, again, other] = await Promise.all([
      writePdf(model()),
      writePdf(model()),
      writePdf(model('1 600,00 ₾')),
    ]);
    expect(sha256(again)).toBe(sha256(one));
    expect(sha256(other)).not.toBe(sha256(one));
  });

  it('carries a long table over pages, its header on each, every page numbered', async () => {
    const pages = await pagesOf(await writePdf(model('1 500,00 ₾', 120)));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, index) => {
      expect(text).toContain(`გვერდი ${index + 1} / ${pages.length}`);
      expect(text).toContain('შენატანი');
    });
    expect(pages.join(' ')).toContain('2027-12-15');
  });
});
