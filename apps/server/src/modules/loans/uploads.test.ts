import { bankStatementMaxBytes } from '@sesxi/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '#app/test/accounts.ts';
import {
  jsonFields,
  loansOf,
  loanTestApp,
  loanValues,
  multipartBody,
  postLoanForm,
  type UploadedFile,
} from '#app/test/loans.ts';
import { jpegFile, pdfFile, pngFile } from '#app/test/tiny-files.ts';
import { onboardedCustomer } from '#app/test/onboarding.ts';
import { phoneSeries } from '#app/test/unique.ts';

const freshPhone = phoneSeries('5520');
let app: FastifyInstance;
let storedFiles: () => Promise<string[]>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, storedFiles, close } = await loanTestApp());
});

afterAll(() => close());

const customer = () => onboardedCustomer(app, { phone: freshPhone() });

const rowsOf = (userId: number) => loansOf(app, userId);

/** Uploads `file` as a new customer's first application: the answer, their rows, new files. */
async function upload(file: UploadedFile) {
  const { user, token } = await customer();
  const before = await storedFiles();
  const response = await postLoanForm(app, token, { file });
  const added = (await storedFiles()).filter((name) => !before.includes(name));
  return { response, rows: await rowsOf(user.id), added };
}

const tooLarge = {
  status: 'error',
  message: 'მოთხოვნა ძალიან დიდია',
  file: ['ფაილის ზომა არ უნდა აღემატებოდეს 10 მბ-ს'],
};

describe('bank statement uploads', () => {
  it.each([
    ['a PDF', { name: 'statement.pdf', bytes: pdfFile() }, 'application/pdf'],
    ['a JPEG', { name: 'statement.jpg', bytes: jpegFile() }, 'image/jpeg'],
    ['a PNG', { name: 'statement.png', bytes: pngFile() }, 'image/png'],
    ['a PNG named .pdf, judged by content', { name: 'x.pdf', bytes: pngFile() }, 'image/png'],
  ])('accepts %s', async (_case, file, type) => {
    const { response, rows, added } = await upload({ ...file, contentType: 'application/pdf' });
    expect(response.statusCode).toBe(200);
    expect(rows).toEqual([
      expect.objectContaining({
        bankStatementName: file.name,
        bankStatementSize: file.bytes.length,
        bankStatementType: type,
      }),
    ]);
    expect(added).toHaveLength(1);
    // Stored under the generated key, never under the customer's name.
    expect(rows[0]?.bankStatementKey).toBe(`bank-statements/${added[0] ?? ''}`);
  });

  it('accepts a statement of exactly 10 MB', async () => {
    const { response, rows } = await upload({
      name: 'big.pdf',
      bytes: pdfFile(bankStatementMaxBytes),
    });
    expect(response.statusCode).toBe(200);
    expect(rows[0]?.bankStatementSize).toBe(bankStatementMaxBytes);
  });

  it('refuses one byte more with 413 under `file`, keeping nothing', async () => {
    const { response, rows, added } = await upload({
      name: 'big.pdf',
      bytes: pdfFile(bankStatementMaxBytes + 1),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(tooLarge);
    expect(rows).toEqual([]);
    expect(added).toEqual([]);
  });

  it('refuses an empty file', async () => {
    const { response, rows, added } = await upload({ name: 'empty.pdf', bytes: Buffer.alloc(0) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ file: ['ატვირთული ფაილი ცარიელია'] });
    expect(rows).toEqual([]);
    expect(added).toEqual([]);
  });

  it.each([
    ['text', Buffer.from('not a statement at all')],
    ['HTML', Buffer.from('<!doctype html><html><script>alert(1)</script></html>')],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
    ['a ZIP', Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.alloc(40)])],
  ])('refuses %s behind a .pdf name and type', async (_case, bytes) => {
    const { response, rows, added } = await upload({
      name: 'statement.pdf',
      bytes,
      contentType: 'application/pdf',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'გთხოვთ, გაასწოროთ მონიშნული ველები',
      file: ['ფაილი უნდა იყოს PDF, JPEG ან PNG ფორმატში'],
    });
    expect(rows).toEqual([]);
    expect(added).toEqual([]);
  });

  it('answers a wrong type together with the other fields’ errors', async () => {
    const { token } = await customer();
    const response = await postLoanForm(app, token, {
      values: { ...loanValues, amount: 10 },
      file: { name: 'a.pdf', bytes: Buffer.from('plain text') },
    });
    expect(response.json()).toMatchObject({
      amount: ['თანხა უნდა იყოს მინიმუმ 100,00\u00a0₾'],
      file: ['ფაილი უნდა იყოს PDF, JPEG ან PNG ფორმატში'],
    });
  });

  it('refuses a second file, keeping nothing', async () => {
    const { user, token } = await customer();
    const before = await storedFiles();
    const { payload, headers } = multipartBody(jsonFields(loanValues), {
      name: 'a.pdf',
      bytes: pdfFile(),
    });
    const extra = Buffer.from(
      payload
        .toString('latin1')
        .replace(/--(\S+)--\r\n$/, (end, boundary: string) =>
          [
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.pdf"\r\n\r\n`,
            pdfFile().toString('latin1'),
            `\r\n${end}`,
          ].join(''),
        ),
      'latin1',
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/loans',
      payload: extra,
      headers: { ...headers, ...bearer(token) },
    });
    expect(response.statusCode).toBe(413);
    expect(await rowsOf(user.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('answers a browser’s oversized upload over HTTP with the 413 envelope', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { token } = await customer();
    const form = new FormData();
    for (const [name, value] of Object.entries(jsonFields(loanValues))) form.append(name, value);
    form.append('file', new Blob([pdfFile(bankStatementMaxBytes + 1)]), 'big.pdf');
    const response = await fetch(`${address}/api/loans`, {
      method: 'POST',
      headers: bearer(token),
      body: form,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge);
  });
});
