import type { applicationContract, CustomerDocument, ResponseOf } from '@sesxi/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog, consents, customerDocuments } from '#app/db/schema.ts';
import { bearer, sandboxSupportToken } from '#app/test/accounts.ts';
import { contractCalls, sha256Of } from '#app/test/contracts.ts';
import { downloadedText } from '#app/test/customer-documents.ts';
import { loanTestApp } from '#app/test/loans.ts';
import { raceAt } from '#app/test/race.ts';
import {
  lastSigningCodeSentTo,
  offeredContract,
  signingCalls,
} from '#app/test/signable-contracts.ts';
import { testClock } from '#app/test/test-clock.ts';
import { phoneSeries } from '#app/test/unique.ts';

const clock = testClock(new Date('2026-11-23T10:00:00Z'));
const freshPhone = phoneSeries('5591');
let app: FastifyInstance;
let close: () => Promise<void>;
const { approved, inReview, officer, reject, documents } = contractCalls(() => app);
const { sendSigningCode, sign } = signingCalls(() => app);

beforeAll(async () => {
  ({ app, close } = await loanTestApp({ clock }));
});

afterAll(() => close());

type Paperwork = ResponseOf<typeof applicationContract>;

const listOf = async (token: string, locale?: string) =>
  (await documents(token, locale)).json<{ documents: CustomerDocument[] }>().documents;

/** A listed document's file, downloaded with `token`; its SHA-256 is checked against the list. */
const download = (token: string, document: CustomerDocument | undefined) =>
  downloadedText(app, token, document);

const paperworkOf = (headers: Record<string, string>, id: number) =>
  app.inject({ url: `/api/applications/${id}/contract`, headers });

describe('decision letters', () => {
  it('lists an approval’s letter, a Georgian PDF with the terms, made with the decision', async () => {
    const { id, token } = await approved('31');
    const letters = (await listOf(token)).filter(({ kind }) => kind === 'decision');
    expect(letters).toEqual([
      expect.objectContaining({
        title: `გადაწყვეტილება განაცხადზე №${id}`,
        created_at: '2026-11-23 14:00:00',
        loan_id: id,
        superseded: false,
      }),
    ]);
    const text = await download(token, letters[0]);
    expect(text).toContain('თქვენი განაცხადი დამტკიცდა');
    expect(text.replace(/\s/g, '')).toContain('1000,00₾');
    expect((await listOf(token, 'en')).find(({ kind }) => kind === 'decision')?.title).toBe(
      `Decision on application №${id}`,
    );
  });

  it('gives a rejection’s reasons as the customer reads them', async () => {
    const { id, token, first } = await inReview('32');
    const rejected = await reject(first, id, { reason_codes: ['income_too_low'], note: 'შიდა' });
    expect(rejected.statusCode).toBe(200);
    const [letter] = (await listOf(token)).filter(({ kind }) => kind === 'decision');
    const text = await download(token, letter);
    expect(text).toContain('შემოსავალი არ არის საკმარისი ყოველთვიური გადასახადისთვის');
    // The note is the lender's own.
    expect(text).not.toContain('შიდა');
  });
});

describe('consents as documents', () => {
  it('lists each consent under its name and wording version, the SHA-256 of the PDF served', async () => {
    const { id, token, user } = await approved('33');
    const given = await app.database.db.select().from(consents).where(eq(consents.userId, user.id));
    expect(given.length).toBeGreaterThan(0);
    const listed = (await listOf(token)).filter(({ kind }) => kind === 'consent');
    expect(listed).toHaveLength(given.length);
    const credit = listed.find(({ loan_id }) => loan_id === id);
    expect(credit?.title).toMatch(/^თანხმობა საკრედიტო ბიუროს შემოწმებაზე, ვერსია \d+$/);
    const text = await download(token, credit);
    const ledger = given.find((consent) => consent.loanApplicationId === id);
    // The PDF names the wording's own SHA-256, as the consent ledger keeps it (a long word, broken).
    expect(text.replace(/\s/g, '')).toContain(ledger?.textSha256);

    // Made once: listed again, the same files.
    expect((await listOf(token)).filter(({ kind }) => kind === 'consent')).toEqual(listed);
    expect(
      (await listOf(token, 'en')).find(({ loan_id, kind }) => kind === 'consent' && loan_id === id)
        ?.title,
    ).toMatch(/^Consent to the credit bureau check, version \d+$/);
  });

  it('makes each consent’s document once when listings race', async () => {
    const { token, user } = await approved('34');
    const race = raceAt(app, /from "users" where "users"."id" = \$1 for update/);
    const answers = await Promise.all([documents(token), documents(token)]);
    await race.finish();
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const rows = await app.database.db
      .select({ id: customerDocuments.id })
      .from(customerDocuments)
      .where(and(eq(customerDocuments.userId, user.id), eq(customerDocuments.kind, 'consent')));
    const given = await app.database.db.select().from(consents).where(eq(consents.userId, user.id));
    expect(rows).toHaveLength(given.length);
  });

  it('answers another customer’s consent with 404', async () => {
    const owner = await approved('35');
    const other = await approved('36');
    const [consent] = (await listOf(owner.token)).filter(({ kind }) => kind === 'consent');
    expect(consent).toBeDefined();
    const foreign = await app.inject({ url: consent?.url ?? '', headers: bearer(other.token) });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('GET /api/applications/{id}/contract', () => {
  it('shows an officer the documents, the signature’s evidence, the payout and the identity check, logged', async () => {
    const offered = await offeredContract(app, freshPhone());
    expect((await sendSigningCode(offered.token, offered.loanId)).statusCode).toBe(200);
    const code = await lastSigningCodeSentTo(app, offered.user.phone);
    expect((await sign(offered.token, offered.loanId, code)).statusCode).toBe(200);

    const headers = await officer('599000003');
    const answer = await paperworkOf(headers, offered.loanId);
    expect(answer.statusCode).toBe(200);
    const paperwork = answer.json<Paperwork>();
    expect(paperwork.identity_check_passed).toBe(true);
    expect(paperwork.signatures).toEqual([
      {
        document_sha256: offered.document.sha256,
        code_id: expect.any(Number) as number,
        phone: offered.user.phone,
        personal_number: offered.user.identityNumber,
        ip: '127.0.0.1',
        user_agent: 'vitest-browser/1.0',
        signed_at: expect.stringMatching(/^2026-11-23 /) as string,
      },
    ]);
    expect(paperwork.payout).toMatchObject({ attempts: expect.any(Number) as number });
    expect(['pending', 'sending', 'paid']).toContain(paperwork.payout?.state);
    expect(paperwork.withdrawal).toBeNull();
    const kinds = new Set(paperwork.documents.map(({ kind }) => kind));
    expect(kinds).toEqual(
      new Set(['decision', 'contract', 'key_terms', 'signed_contract', 'consent']),
    );
    expect(
      paperwork.documents.every(({ loan_id }) => [offered.loanId, null].includes(loan_id)),
    ).toBe(true);

    const [logged] = await app.database.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.action, 'applications.show'))
      .orderBy(desc(accessLog.id))
      .limit(1);
    expect(logged).toMatchObject({
      subjectUserIds: [offered.user.id],
      details: { application_id: offered.loanId, part: 'contract' },
    });

    // The officer's downloads go through the documents' route, which logs each.
    const signed = paperwork.documents.find(({ kind }) => kind === 'signed_contract');
    expect(signed?.title).toBe(`ხელმოწერილი ხელშეკრულება №${offered.number}`);
    const file = await app.inject({ url: signed?.url ?? '', headers });
    expect(file.statusCode).toBe(200);
    expect(sha256Of(file.rawPayload)).toBe(signed?.sha256);
    const [download] = await app.database.db
      .select()
      .from(accessLog)
      .where(eq(accessLog.action, 'applications.document'))
      .orderBy(desc(accessLog.id))
      .limit(1);
    expect(download?.details).toMatchObject({
      application_id: offered.loanId,
      kind: 'signed_contract',
    });
  });

  it('is credit officers’ only: 401 without a session, 403 for customers and other staff, 404 for none', async () => {
    const { id, token } = await approved('37');
    const url = `/api/applications/${id}/contract`;
    expect((await app.inject({ url })).statusCode).toBe(401);
    expect((await app.inject({ url, headers: bearer(token) })).statusCode).toBe(403);
    const support = await app.inject({ url, headers: bearer(await sandboxSupportToken(app)) });
    expect(support.statusCode).toBe(403);
    const headers = await officer('599000002');
    expect((await paperworkOf(headers, 999_999)).statusCode).toBe(404);

    const answer = (await paperworkOf(headers, id)).json<Paperwork>();
    expect(answer).toMatchObject({ signatures: [], payout: null, withdrawal: null });
  });
});
