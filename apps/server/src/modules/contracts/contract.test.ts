import {
  computeOffer,
  contract as contractSchema,
  formatLari,
  standardLoanProduct,
  type Contract,
  type CustomerDocument,
} from '@sesxi/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog } from '#app/db/schema.ts';
import { defaultLoanProduct, saveLoanProduct } from '#app/modules/loan-products/index.ts';
import { bearer, sandboxSupportToken } from '#app/test/accounts.ts';
import { contractCalls, sha256Of } from '#app/test/contracts.ts';
import { loanTestApp } from '#app/test/loans.ts';
import { raceAt } from '#app/test/race.ts';
import { testClock } from '#app/test/test-clock.ts';

// 23 November 2026 in Tbilisi: the business date of every test here (the clock never moves).
const clock = testClock(new Date('2026-11-23T10:00:00Z'));
let app: FastifyInstance;
let close: () => Promise<void>;
const {
  approved,
  inReview,
  officer,
  contract,
  choose,
  contractPdf,
  documents,
  contractRowOf,
  documentRowsOf,
} = contractCalls(() => app);

beforeAll(async () => {
  ({ app, close } = await loanTestApp({ clock }));
});

afterAll(() => close());

const iban = 'GE29NB0000000101904917';
const messages = {
  paymentDay: 'აირჩიეთ გადახდის დღე 1-დან 28-მდე',
  iban: 'შეიყვანეთ საქართველოს ბანკის ანგარიშის ნომერი (IBAN): GE, 2 ციფრი, ბანკის 2 ასო და 16 ციფრი',
  ibanCheckDigits: 'ანგარიშის ნომერი (IBAN) არასწორია: გადაამოწმეთ ციფრები',
  overCap:
    'ამ გადახდის დღით ეფექტური განაკვეთი კანონით დაშვებულ 50%-ს აღემატება, გთხოვთ, აირჩიოთ სხვა დღე',
};

const contractOf = (answer: { json: () => unknown }) =>
  contractSchema.parse((answer.json() as { contract: unknown }).contract);

/** The text of every page of a PDF, its whitespace made single spaces. */
async function textOf(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)));
  return text.join(' ').replace(/\s+/g, ' ');
}

/** The standard product's figures for 1,000 ₾ over 12 months paid out on the business date. */
const expectedOffer = (paymentDay: number) =>
  computeOffer(standardLoanProduct, { amount: 1000, months: 12, paymentDay }, '2026-11-23');

describe('GET /api/loans/{id}/contract', () => {
  it('answers the offer on the payout’s own day of the month, every fee counted', async () => {
    const { id, token } = await approved();
    const answer = await contract(token, id);
    expect(answer.statusCode).toBe(200);
    const shown = contractOf(answer);
    const offer = expectedOffer(23);
    expect(shown).toEqual({
      number: `SX-2026-${String(id).padStart(6, '0')}`,
      status: 'offered',
      amount: 1000,
      months: 12,
      payment_day: 23,
      first_payment_date: '2026-12-23',
      monthly_payment: offer.monthly_payment,
      nominal_rate: 24,
      effective_rate: offer.effective_rate,
      total_to_repay: Math.round((offer.total_repayment + 20) * 100) / 100,
      fees: [{ kind: 'upfront', name: 'ერთჯერადი საკომისიო (გაცემისას იქვითება)', amount: 20 }],
      schedule: offer.schedule,
      valid_until: '2026-11-30',
      iban: null,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
      signed_at: null,
      payout: null,
      withdrawable_until: null,
      // Not yet agreed: the agreement to conclude contracts electronically is shown before signing.
      e_contract_consent: {
        html: expect.stringContaining('ელექტრონულად') as string,
        version: 1,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
      },
    } satisfies Contract);
    expect(shown.effective_rate).toBeLessThanOrEqual(50);
    const english = contractOf(await contract(token, id, 'en'));
    expect(english.fees).toEqual([
      { kind: 'upfront', name: 'One-off fee (deducted from the payout)', amount: 20 },
    ]);
  });

  it('answers 404 for another customer’s application, and for one without an offer', async () => {
    const { id, token } = await approved('14');
    const other = await approved('15');
    const underReview = await inReview('16');
    for (const [owner, loan] of [
      [other.token, id],
      [token, other.id],
      [underReview.token, underReview.id],
    ] as const) {
      expect((await contract(owner, loan)).statusCode).toBe(404);
      expect((await contractPdf(owner, loan)).statusCode).toBe(404);
      const put = await choose(owner, loan, { payment_day: 10, iban });
      expect(put.statusCode).toBe(404);
    }
    expect(await documentRowsOf(id)).toHaveLength(2);
  });
});

describe('PUT /api/loans/{id}/contract', () => {
  it('recomputes on the chosen day and account: a new document, the old one superseded', async () => {
    const { id, token } = await approved('17');
    const before = contractOf(await contract(token, id));

    const answer = await choose(token, id, {
      payment_day: 10,
      iban: 'ge29 nb00 0000 0101 9049 17',
    });
    expect(answer.statusCode).toBe(200);
    const chosen = contractOf(answer);
    const offer = expectedOffer(10);
    expect(chosen).toMatchObject({
      payment_day: 10,
      first_payment_date: '2026-12-10',
      iban,
      effective_rate: offer.effective_rate,
      schedule: offer.schedule,
      valid_until: before.valid_until,
    });
    expect(chosen.sha256).not.toBe(before.sha256);
    expect(contractOf(await contract(token, id))).toEqual(chosen);
    expect(await contractRowOf(id)).toMatchObject({ paymentDay: 10, iban });

    const rows = await documentRowsOf(id);
    expect(rows.map((row) => [row.kind, row.supersededAt === null])).toEqual([
      ['contract', false],
      ['key_terms', false],
      ['contract', true],
      ['key_terms', true],
    ]);
    expect((await contractRowOf(id))?.currentDocumentId).toBe(rows[2]?.id);

    // The same choices again make no new document; a day 12 days off starts a month later.
    expect(contractOf(await choose(token, id, { payment_day: 10, iban })).sha256).toBe(
      chosen.sha256,
    );
    expect(await documentRowsOf(id)).toHaveLength(4);
    const later = contractOf(await choose(token, id, { payment_day: 5, iban }));
    expect(later.first_payment_date).toBe('2027-01-05');
    expect(later.schedule).toEqual(expectedOffer(5).schedule);
  });

  it('takes two changes at once in turn: the contract ends on one of them, whole', async () => {
    const { id, token } = await approved('25');
    const race = raceAt(
      app,
      /from "loan_contracts" where "loan_contracts"."loan_id" = \$1 for update/,
    );
    const answers = await Promise.all([
      choose(token, id, { payment_day: 10, iban }),
      choose(token, id, { payment_day: 20, iban }),
    ]);
    await race.finish();
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(codes);
    const rows = await documentRowsOf(id);
    const current = rows.filter((row) => row.kind === 'contract' && row.supersededAt === null);
    expect(current).toHaveLength(1);
    const stored = await contractRowOf(id);
    expect(stored?.currentDocumentId).toBe(current[0]?.id);
    expect(current[0]?.details).toMatchObject({ payment_day: stored?.paymentDay });
    expect(contractOf(await contract(token, id)).payment_day).toBe(stored?.paymentDay);
  });

  it('refuses a bad IBAN under iban and a day outside 1–28 under payment_day, changing nothing', async () => {
    const { id, token } = await approved('18');
    const cases: [body: object, field: string, message: string][] = [
      [{ payment_day: 10, iban: 'GE28NB0000000101904917' }, 'iban', messages.ibanCheckDigits],
      [{ payment_day: 10, iban: 'GE29NB000000010190491' }, 'iban', messages.iban],
      [{ payment_day: 10, iban: 'DE89370400440532013000' }, 'iban', messages.iban],
      [{ payment_day: 10 }, 'iban', messages.iban],
      [{ payment_day: 29, iban }, 'payment_day', messages.paymentDay],
      [{ payment_day: 0, iban }, 'payment_day', messages.paymentDay],
      [{ payment_day: 10.5, iban }, 'payment_day', messages.paymentDay],
      [{ payment_day: '10', iban }, 'payment_day', messages.paymentDay],
    ];
    for (const [body, field, message] of cases) {
      const answer = await choose(token, id, body);
      expect([body, answer.statusCode]).toEqual([body, 422]);
      expect([body, answer.json<Record<string, unknown>>()[field]]).toEqual([body, [message]]);
    }
    expect(await documentRowsOf(id)).toHaveLength(2);
    expect(await contractRowOf(id)).toMatchObject({ paymentDay: 23, iban: null });
  });
});

describe('the contract document', () => {
  it('is the PDF whose SHA-256 the contract states, its Georgian text real text', async () => {
    const { id, token } = await approved('19');
    await choose(token, id, { payment_day: 10, iban });
    const shown = contractOf(await contract(token, id));
    const pdf = await contractPdf(token, id);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${shown.number}.pdf"`);
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(sha256Of(pdf.rawPayload)).toBe(shown.sha256);

    const text = await textOf(pdf.rawPayload);
    for (const expected of [
      'ხელშეკრულების მნიშვნელოვანი პირობები',
      `ხელშეკრულების ნომერი ${shown.number}`,
      `სესხის თანხა ${formatLari(1000)}`,
      `ჩასარიცხი თანხა ${formatLari(980)}`,
      `ყოველთვიური შენატანი ${formatLari(shown.monthly_payment)}`,
      `ეფექტური წლიური საპროცენტო განაკვეთი ${shown.effective_rate.toFixed(2).replace('.', ',')}%`,
      'წლიური ნომინალური საპროცენტო განაკვეთი 24,00%',
      'ყოველი თვის 10 რიცხვი',
      `პირველი გადახდის თარიღი 2026-12-10`,
      iban,
      `სულ გადასახდელი (ყველა შენატანი და საკომისიო) ${formatLari(shown.total_to_repay)}`,
      'სესხი ჩაირიცხება 2026-11-23-ს',
      'დარჩენილი ძირი თანხის 0,27%-ს ყოველ დაგვიანებულ დღეზე',
      '1,5-ჯერ ოდენობას',
      '24 თვეზე მეტი 2%',
      '6 თვე ან ნაკლები 0%',
      'ხელმოწერიდან 14 დღის განმავლობაში',
      'პრეტენზიის წარდგენა',
      'სესხის ხელშეკრულების ზოგადი პირობები',
      'ზოგადი პირობების ვერსია 1',
      'გადახდების გრაფიკი',
      '2027-11-10',
    ]) {
      expect(text).toContain(expected.replace(/\s+/g, ' '));
    }
  });

  it('comes out byte for byte the same from the same inputs, and the key-terms sheet with it', async () => {
    const { id, token } = await approved('20');
    const offered = contractOf(await contract(token, id)).sha256;
    const chosen = contractOf(await choose(token, id, { payment_day: 10, iban })).sha256;
    const other = { payment_day: 23, iban: 'GE54TB0000000000000001' };
    const changed = contractOf(await choose(token, id, other)).sha256;
    expect(new Set([offered, chosen, changed]).size).toBe(3);
    // The first choices again: a new document, the very bytes of the one made for them before.
    const again = contractOf(await choose(token, id, { payment_day: 10, iban })).sha256;
    expect(again).toBe(chosen);
    expect(sha256Of((await contractPdf(token, id)).rawPayload)).toBe(chosen);
    const rows = await documentRowsOf(id);
    expect(rows.map((row) => row.sha256).filter((sha) => sha === chosen)).toHaveLength(2);

    const keyTerms = rows.at(-1);
    expect(keyTerms?.kind).toBe('key_terms');
    expect(keyTerms?.sha256).toBe(rows[3]?.sha256);
    const sheet = await textOf(await app.fileStorage.read(keyTerms?.storageKey ?? ''));
    expect(sheet).toContain('ხელშეკრულების მნიშვნელოვანი პირობები');
    expect(sheet).toContain('გადახდების გრაფიკი');
    expect(sheet).not.toContain('სესხის ხელშეკრულების ზოგადი პირობები');
  });
});

describe('the customer’s documents', () => {
  it('lists them newest first in the request’s language; each downloads as stored', async () => {
    const { id, token } = await approved('21');
    await choose(token, id, { payment_day: 10, iban });
    const { number } = contractOf(await contract(token, id));
    const all = (await documents(token)).json<{ documents: CustomerDocument[] }>().documents;
    const listed = all.filter(({ kind }) => kind === 'contract' || kind === 'key_terms');
    expect(listed.map((document) => [document.kind, document.superseded])).toEqual([
      ['key_terms', false],
      ['contract', false],
      ['key_terms', true],
      ['contract', true],
    ]);
    expect(listed[1]).toMatchObject({
      title: `სესხის ხელშეკრულება №${number}`,
      loan_id: id,
      created_at: '2026-11-23 14:00:00',
    });
    expect(listed[0]?.title).toBe(`ხელშეკრულების მნიშვნელოვანი პირობები №${number}`);
    const english = (await documents(token, 'en')).json<{ documents: CustomerDocument[] }>();
    expect(english.documents.find(({ kind }) => kind === 'contract')?.title).toBe(
      `Loan contract №${number}`,
    );

    for (const document of all) {
      const file = await app.inject({ url: document.url, headers: bearer(token) });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(sha256Of(file.rawPayload)).toBe(document.sha256);
    }
    expect(listed[1]?.sha256).toBe(contractOf(await contract(token, id)).sha256);
  });

  it('lets only the owner and credit officers download one; an officer’s download is logged', async () => {
    const { id, token, user } = await approved('22');
    const other = await approved('23');
    const [document] = await documentRowsOf(id);
    const url = `/api/documents/${document?.id ?? 0}`;

    expect((await app.inject({ url })).statusCode).toBe(401);
    expect((await app.inject({ url, headers: bearer(token) })).statusCode).toBe(200);
    expect((await app.inject({ url, headers: bearer(other.token) })).statusCode).toBe(404);
    const support = await app.inject({
      url,
      headers: bearer(await sandboxSupportToken(app)),
    });
    expect(support.statusCode).toBe(403);

    const officerHeaders = await officer('599000003');
    const read = await app.inject({ url, headers: officerHeaders });
    expect(read.statusCode).toBe(200);
    expect(sha256Of(read.rawPayload)).toBe(document?.sha256);
    const [logged] = await app.database.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.action, 'applications.document'))
      .orderBy(desc(accessLog.id))
      .limit(1);
    expect(logged).toMatchObject({
      subjectUserIds: [user.id],
      details: { document_id: document?.id, application_id: id, kind: 'contract' },
    });
    expect(
      (await app.inject({ url: '/api/documents/999999', headers: officerHeaders })).statusCode,
    ).toBe(404);
    const others = (await documents(other.token)).json<{ documents: CustomerDocument[] }>();
    expect(new Set(others.documents.map((listed) => listed.loan_id))).toEqual(
      new Set([other.id, null]),
    );
  });
});

describe('the 50% cap on every recomputed schedule', () => {
  it('refuses under payment_day a day whose short first period would pass it', async () => {
    // 20% a year and 5 ₾ a month on 500 ₾ over 3 months: within 50% paid on the payout's own day
    // (about 45%), over it when the first payment falls 15 days after the payout (the 8th).
    await saveLoanProduct(app.database.db, {
      ...defaultLoanProduct,
      nominal_rate: 20,
      origination_fee_percent: 0,
      monthly_fee: 5,
      min_amount: 500,
      max_amount: 500,
      min_months: 3,
      max_months: 3,
    });
    const { id, token } = await approved(
      '24',
      { amount: 500, months: 3 },
      {
        amount: '500',
        months: 3,
        loan_purpose_id: 1,
      },
    );
    const offered = contractOf(await contract(token, id));
    expect(offered.effective_rate).toBeLessThanOrEqual(50);
    expect(offered.fees).toEqual([{ kind: 'monthly', name: 'ყოველთვიური საკომისიო', amount: 5 }]);

    const refused = await choose(token, id, { payment_day: 8, iban });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ payment_day: [messages.overCap] });
    expect(await documentRowsOf(id)).toHaveLength(2);

    for (const day of [1, 7, 13, 20, 28]) {
      const chosen = await choose(token, id, { payment_day: day, iban });
      expect([day, chosen.statusCode]).toEqual([day, 200]);
      expect(contractOf(chosen).effective_rate).toBeLessThanOrEqual(50);
    }
  });
});
