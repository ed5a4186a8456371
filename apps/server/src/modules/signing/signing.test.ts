import { createHash } from 'node:crypto';
import { addDaysToIsoDate, fieldErrorsOf, formatTimestamp } from '@sesxi/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  consents,
  consentTexts,
  contractSignatures,
  customerDocuments,
  loanContracts,
  phoneCodes,
} from '#app/db/schema.ts';
import { publishConsentWording } from '#app/test/consent-wordings.ts';
import { loanHistoryOf, loanStatusOf, setLoanStatus } from '#app/test/loans.ts';
import { checkCode, sendCode } from '#app/test/phone-codes.ts';
import { raceAt } from '#app/test/race.ts';
import {
  holdPayouts,
  ibans,
  lastSigningCodeSentTo,
  offeredContract,
  signingCalls,
  chooseAccount,
  approvedApplication,
  customerForSigning,
  textsTo,
  wrongSigningCode,
  pastResendWindow,
  signingCodeSent,
  signingTestApp,
} from '#app/test/signable-contracts.ts';
import { testClock } from '#app/test/test-clock.ts';
import { phoneSeries } from '#app/test/unique.ts';
import { eContractConsentOf } from './e-contract-consent.ts';

const clock = testClock();
const freshPhone = phoneSeries('5590');
let app: FastifyInstance;
let storedFiles: (folder: string) => Promise<string[]>;
let close: () => Promise<void>;
const { sendSigningCode, sign } = signingCalls(() => app);

beforeAll(async () => {
  ({ app, storedFiles, close } = await signingTestApp(clock));
});

afterAll(() => close());

afterEach(() => {
  vi.restoreAllMocks();
});

const afterResendWindow = () => {
  pastResendWindow(clock);
};

/** An offered contract whose signing code was texted to its customer; answers the code too. */
const codeSent = (options?: { identityChecked?: boolean }) =>
  signingCodeSent(app, freshPhone(), options);

const signaturesOf = (loanId: number) =>
  app.database.db
    .select()
    .from(contractSignatures)
    .where(eq(contractSignatures.loanId, loanId))
    .orderBy(asc(contractSignatures.id));

const contractRowOf = async (loanId: number) =>
  (await app.database.db.select().from(loanContracts).where(eq(loanContracts.loanId, loanId)))[0];

const documentRow = async (id: number) =>
  (await app.database.db.select().from(customerDocuments).where(eq(customerDocuments.id, id)))[0];

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const errorUnderCode = (message: string) => ({
  status: 'error',
  message: 'გთხოვთ, გაასწოროთ მონიშნული ველები',
  code: [message],
});

describe('POST /api/loans/:id/contract/code', () => {
  it('texts a six-digit code naming the contract number, amount, term, effective rate and the document’s hash', async () => {
    const { user, token, loanId, number, document } = await offeredContract(app, freshPhone());
    const response = await sendSigningCode(token, loanId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });
    const [text] = await textsTo(app, user.phone);
    const code = await lastSigningCodeSentTo(app, user.phone);
    expect(text).toMatch(
      new RegExp(
        `^Sesxi: ხელმოწერის კოდია ${code}\\. ხელშეკრულება №${number}: 1500,00\u00a0₾, 12 თვე, ეფექტური განაკვეთი \\d+,\\d{2}%, დოკუმენტი ${document.sha256.slice(0, 8)}\\.`,
      ),
    );
    expect(response.body).not.toContain(code);
  });

  it('stores the code as an HMAC bound to the application and the document, never in clear', async () => {
    const { user, loanId, document, code } = await codeSent();
    const [stored] = await app.database.db
      .select()
      .from(phoneCodes)
      .where(and(eq(phoneCodes.phone, user.phone), eq(phoneCodes.purpose, 'contract_signing')));
    expect(stored?.subject).toBe(`loan:${String(loanId)}:sha256:${document.sha256}`);
    expect(stored?.codeHash).toMatch(/^[\w-]{43}$/);
    expect(stored?.codeHash).not.toContain(code);
    expect(stored?.expiresAt.getTime()).toBe(clock.now().getTime() + 5 * 60_000);
  });

  it('spaces resends 15 s apart per phone and purpose: the phone’s other codes are not held up', async () => {
    const { user, token, loanId } = await codeSent();
    const again = await sendSigningCode(token, loanId);
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('15');
    expect((await sendCode(app, user.phone, 'restore_password')).statusCode).toBe(200);
    afterResendWindow();
    expect((await sendSigningCode(token, loanId)).statusCode).toBe(200);
  });

  it('is refused, with the way to go on, until the identity document check has passed', async () => {
    const { user, token, loanId } = await offeredContract(app, freshPhone(), {
      identityChecked: false,
    });
    const textsBefore = await textsTo(app, user.phone);
    const response = await sendSigningCode(token, loanId);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      status: 'error',
      message:
        'ხელშეკრულების ხელმოსაწერად, გთხოვთ, ჯერ გაიაროთ პირადობის დამადასტურებელი დოკუმენტის შემოწმება',
      identity_check_required: true,
    });
    expect(await textsTo(app, user.phone)).toEqual(textsBefore);
  });

  it('is refused under iban, sending nothing, until the customer has given the account to be paid into', async () => {
    const customer = await customerForSigning(app, freshPhone());
    const loanId = await approvedApplication(app, customer);
    const textsBefore = await textsTo(app, customer.user.phone);
    for (const response of [
      await sendSigningCode(customer.token, loanId),
      await sign(customer.token, loanId, '123456'),
    ]) {
      expect(response.statusCode).toBe(422);
      expect(fieldErrorsOf(response.json())).toEqual({
        iban: ['ხელმოწერამდე მიუთითეთ ანგარიშის ნომერი (IBAN), რომელზეც სესხის თანხა ჩაირიცხება'],
      });
    }
    expect(await textsTo(app, customer.user.phone)).toEqual(textsBefore);
    expect(await loanStatusOf(app, loanId)).toBe('approved');
  });

  it('is refused for an application that is not approved, and an offer past its last day', async () => {
    const { token, loanId } = await offeredContract(app, freshPhone());
    await setLoanStatus(app, loanId, 'cancelled');
    const cancelled = await sendSigningCode(token, loanId);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toEqual({
      status: 'error',
      message: 'ამ ეტაპზე ხელშეკრულების ხელმოწერა შეუძლებელია',
    });

    const late = await offeredContract(app, freshPhone());
    const yesterday = addDaysToIsoDate(await app.businessCalendar.today(), -1);
    await app.database.db
      .update(loanContracts)
      .set({ validUntil: yesterday })
      .where(eq(loanContracts.loanId, late.loanId));
    const expired = await sendSigningCode(late.token, late.loanId);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({
      message: 'შეთავაზების მოქმედების ვადა ამოიწურა, ხელშეკრულების ხელმოწერა აღარ შეიძლება',
    });
  });
});

describe('POST /api/loans/:id/contract/sign', () => {
  it('signs the document with its code: the application and the contract are signed, the customer told', async () => {
    const { user, token, loanId, number, document, code } = await codeSent();
    holdPayouts(app);
    const afterSigning = vi.spyOn(app.contractPayouts, 'afterSigning');
    const enqueueWebhook = vi.spyOn(app.webhooks, 'enqueue');
    const today = await app.businessCalendar.today();

    const response = await sign(token, loanId, code);
    expect(response.statusCode).toBe(200);
    const row = await contractRowOf(loanId);
    const signedDocumentId = row?.signedDocumentId ?? 0;
    expect(response.json()).toMatchObject({
      status: 'success',
      contract: {
        number: number,
        status: 'signed',
        signed_at: formatTimestamp(clock.now()),
        withdrawable_until: addDaysToIsoDate(today, 14),
        e_contract_consent: null,
        iban: ibans[0],
        sha256: (await documentRow(signedDocumentId))?.sha256,
      },
    });
    expect(row).toMatchObject({ status: 'signed', signedAt: clock.now() });
    expect(await loanStatusOf(app, loanId)).toBe('signed');
    expect((await loanHistoryOf(app, loanId)).at(-1)).toMatchObject({
      fromStatus: 'approved',
      toStatus: 'signed',
      actorUserId: user.id,
      reason: 'sign',
    });
    expect(enqueueWebhook).toHaveBeenCalledWith(expect.anything(), 'contract.signed', loanId);
    expect(afterSigning).toHaveBeenCalledWith(expect.anything(), { loanId, signedDocumentId });
    expect((await textsTo(app, user.phone))[0]).toBe(
      `Sesxi: ხელშეკრულება №${number} ხელმოწერილია. მასზე უარის თქმა შეგიძლიათ ${addDaysToIsoDate(today, 14)}-ის ჩათვლით.`,
    );
    expect(await signaturesOf(loanId)).toHaveLength(1);
    expect(document.id).not.toBe(signedDocumentId);
  });

  it('keeps the evidence: the document’s hash, the code, the phone, the SSO personal number, the address, the browser, the time', async () => {
    const { user, token, loanId, document, code } = await codeSent();
    const [codeRow] = await app.database.db
      .select()
      .from(phoneCodes)
      .where(and(eq(phoneCodes.phone, user.phone), eq(phoneCodes.purpose, 'contract_signing')));
    clock.advance(30_000);
    expect((await sign(token, loanId, code)).statusCode).toBe(200);
    const [signature] = await signaturesOf(loanId);
    expect(signature).toMatchObject({
      userId: user.id,
      documentId: document.id,
      documentSha256: document.sha256,
      codeId: codeRow?.id,
      codeSentAt: codeRow?.createdAt,
      phone: user.phone,
      personalNumber: user.identityNumber,
      ip: '127.0.0.1',
      userAgent: 'vitest-browser/1.0',
      signedOn: await app.businessCalendar.today(),
      signedAt: clock.now(),
    });
    // Evidence never changes.
    const failure = await app.database.db
      .update(contractSignatures)
      .set({ ip: '10.0.0.1' })
      .where(eq(contractSignatures.loanId, loanId))
      .catch((error: unknown) => error);
    expect((failure as Error).cause).toMatchObject({
      message: 'contract_signatures is append-only',
    });
  });

  it('stores the signed contract as the original bytes followed by a certificate page, its text extractable', async () => {
    const { user, token, loanId, number, document, code } = await codeSent();
    expect((await sign(token, loanId, code)).statusCode).toBe(200);
    const [signature] = await signaturesOf(loanId);
    const signed = await documentRow(signature?.signedDocumentId ?? 0);
    expect(signed).toMatchObject({ kind: 'signed_contract', userId: user.id, loanId });
    // It keeps what it signs, and the account and payment day its payout uses.
    expect(signed?.details).toEqual({
      signs_document_id: document.id,
      signs_sha256: document.sha256,
      iban: ibans[0],
      payment_day: 15,
    });
    const bytes = await app.fileStorage.read(signed?.storageKey ?? '');
    expect(sha256Of(bytes)).toBe(signed?.sha256);
    expect(signed?.size).toBe(bytes.length);
    // An incremental update: the original, byte for byte, then the page.
    expect(bytes.subarray(0, document.bytes.length).equals(document.bytes)).toBe(true);

    const original = (await extractText(await getDocumentProxy(new Uint8Array(document.bytes))))
      .text;
    const pages = (await extractText(await getDocumentProxy(new Uint8Array(bytes)))).text;
    expect(pages).toHaveLength(original.length + 1);
    expect(pages.slice(0, -1)).toEqual(original);
    const certificate = pages.at(-1)?.replace(/\s+/g, ' ') ?? '';
    for (const text of [
      'ელექტრონული ხელმოწერის სერტიფიკატი',
      `№ ${number}`,
      'ნინო კაპანაძე',
      user.identityNumber ?? '',
      `+995 ${user.phone}`,
      `${formatTimestamp(clock.now())} (თბილისი, UTC+4)`,
      '127.0.0.1',
      'vitest-browser/1.0',
      `${String(document.bytes.length)} ბაიტი`,
    ]) {
      expect(certificate).toContain(text);
    }
    // The hash may be wrapped over lines.
    expect(certificate.replace(/\s/g, '')).toContain(document.sha256);
  });

  it('records the agreement to conclude contracts electronically with the first signature, with its version', async () => {
    const published = await publishConsentWording(
      app,
      'e_contract_agreement',
      '<p>ვეთანხმები ხელშეკრულების ელექტრონულად დადებას.</p>',
    );
    const { user, token, loanId, code } = await codeSent();
    expect(await eContractConsentOf(app.database.db, user.id)).toMatchObject({
      version: published,
      html: '<p>ვეთანხმები ხელშეკრულების ელექტრონულად დადებას.</p>',
    });
    expect((await sign(token, loanId, code)).statusCode).toBe(200);
    expect(await eContractConsentOf(app.database.db, user.id)).toBeNull();
    const recorded = await app.database.db
      .select({ version: consentTexts.version, ip: consents.ip, userAgent: consents.userAgent })
      .from(consents)
      .innerJoin(consentTexts, eq(consentTexts.id, consents.consentTextId))
      .where(and(eq(consents.userId, user.id), eq(consents.kind, 'e_contract')));
    expect(recorded).toEqual([
      { version: published, ip: '127.0.0.1', userAgent: 'vitest-browser/1.0' },
    ]);
    const [signature] = await signaturesOf(loanId);
    expect(signature?.eContractConsentId).not.toBeNull();
  });

  it('refuses a wrong code under code, and kills the code after 5 wrong tries', async () => {
    const { token, loanId, code } = await codeSent();
    const wrong = await sign(token, loanId, wrongSigningCode(code));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual(errorUnderCode('კოდი არასწორია'));
    for (let guess = 1; guess < 4; guess++) await sign(token, loanId, wrongSigningCode(code));
    const fifth = await sign(token, loanId, wrongSigningCode(code));
    expect(fifth.json()).toEqual(
      errorUnderCode('მცდელობების ლიმიტი ამოიწურა, გთხოვთ, მოითხოვოთ ახალი კოდი'),
    );
    const right = await sign(token, loanId, code);
    expect(right.statusCode).toBe(422);
    expect(right.json()).toEqual(
      errorUnderCode('მცდელობების ლიმიტი ამოიწურა, გთხოვთ, მოითხოვოთ ახალი კოდი'),
    );
    expect(await loanStatusOf(app, loanId)).toBe('approved');
    expect(await signaturesOf(loanId)).toEqual([]);
  });

  it('is out of reach of POST /api/code-checking: guesses there neither use up its tries nor find it', async () => {
    const { user, token, loanId, code } = await codeSent();
    for (let guess = 0; guess < 5; guess++) {
      const answer = await checkCode(app, user.phone, code.slice(0, 4));
      expect(answer.json()).toMatchObject({
        code: ['კოდს ვადა გაუვიდა, გთხოვთ, მოითხოვოთ ახალი კოდი'],
      });
    }
    expect((await sign(token, loanId, code)).statusCode).toBe(200);
  });

  it('refuses a code after its 5 minutes', async () => {
    const { token, loanId, code } = await codeSent();
    clock.advance(5 * 60_000);
    const response = await sign(token, loanId, code);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(
      errorUnderCode('კოდს ვადა გაუვიდა, გთხოვთ, მოითხოვოთ ახალი კოდი'),
    );
  });

  it('refuses a six-digit code sent to someone else', async () => {
    const other = await codeSent();
    const { token, loanId } = await offeredContract(app, freshPhone());
    const response = await sign(token, loanId, other.code);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(
      errorUnderCode('კოდს ვადა გაუვიდა, გთხოვთ, მოითხოვოთ ახალი კოდი'),
    );
    expect(await loanStatusOf(app, loanId)).toBe('approved');
  });

  it('does not let a code sent for one document sign another', async () => {
    const first = await codeSent();
    const second = await chooseAccount(app, {
      token: first.token,
      loanId: await approvedApplication(app, first),
      iban: ibans[1],
    });
    const secondLoanId = (await documentRow(second.id))?.loanId ?? 0;
    const refused = await sign(first.token, secondLoanId, first.code);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(
      errorUnderCode('ხელშეკრულება შეიცვალა კოდის გაგზავნის შემდეგ, გთხოვთ, მოითხოვოთ ახალი კოდი'),
    );
    expect(await loanStatusOf(app, secondLoanId)).toBe('approved');
    // The code is still good for the document it was sent for.
    expect((await sign(first.token, first.loanId, first.code)).statusCode).toBe(200);
  });

  it('does not sign the contract with a code sent before its account changed; a new code signs the new document', async () => {
    const { user, token, loanId, code } = await codeSent();
    const changed = await chooseAccount(app, { token, loanId, iban: ibans[1] });
    const refused = await sign(token, loanId, code);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(
      errorUnderCode('ხელშეკრულება შეიცვალა კოდის გაგზავნის შემდეგ, გთხოვთ, მოითხოვოთ ახალი კოდი'),
    );
    expect(await loanStatusOf(app, loanId)).toBe('approved');

    afterResendWindow();
    expect((await sendSigningCode(token, loanId)).statusCode).toBe(200);
    const signed = await sign(token, loanId, await lastSigningCodeSentTo(app, user.phone));
    expect(signed.statusCode).toBe(200);
    expect(await signaturesOf(loanId)).toMatchObject([
      { documentId: changed.id, documentSha256: changed.sha256 },
    ]);
  });

  it('is refused until the identity document check has passed', async () => {
    const { token, loanId } = await offeredContract(app, freshPhone(), { identityChecked: false });
    const response = await sign(token, loanId, '123456');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ identity_check_required: true });
    expect(await loanStatusOf(app, loanId)).toBe('approved');
  });

  it('spends the code: the same code again finds the contract signed', async () => {
    const { token, loanId, code } = await codeSent();
    expect((await sign(token, loanId, code)).statusCode).toBe(200);
    const again = await sign(token, loanId, code);
    expect(again.statusCode).toBe(409);
    expect(await signaturesOf(loanId)).toHaveLength(1);
  });

  it('signs anew a signed contract whose payout asks for it (a refused payout, another account)', async () => {
    // The sandbox bank refuses the account of a personal number ending in 97.
    const { user, token, loanId } = await offeredContract(app, `${freshPhone().slice(0, 7)}97`);
    expect((await sendSigningCode(token, loanId)).statusCode).toBe(200);
    const code = await lastSigningCodeSentTo(app, user.phone);
    expect((await sign(token, loanId, code)).statusCode).toBe(200);
    await app.jobs.runDue();
    const changed = await chooseAccount(app, { token, loanId, iban: ibans[1] });
    afterResendWindow();
    expect((await sendSigningCode(token, loanId)).statusCode).toBe(200);
    const resigned = await sign(token, loanId, await lastSigningCodeSentTo(app, user.phone));
    expect(resigned.statusCode).toBe(200);
    const signatures = await signaturesOf(loanId);
    expect(signatures.map((signature) => signature.documentId)).toEqual([
      signatures[0]?.documentId,
      changed.id,
    ]);
    expect((await contractRowOf(loanId))?.signedDocumentId).toBe(signatures[1]?.signedDocumentId);
    expect(await loanStatusOf(app, loanId)).toBe('signed');
  });

  it('pays the loan out as soon as the signature is in, without waiting for the job poll', async () => {
    const { token, loanId, code } = await codeSent();
    const response = await sign(token, loanId, code);
    expect(response.statusCode).toBe(200);
    // The sandbox bank pays at once: no job poll ran.
    expect(response.json()).toMatchObject({ contract: { payout: { state: 'paid' } } });
    expect(await loanStatusOf(app, loanId)).toBe('active');
  });

  it('answers the signature when the payout cannot be sent at once: the job poll sends it', async () => {
    const { token, loanId, code } = await codeSent();
    vi.spyOn(app.payouts, 'payNow').mockRejectedValueOnce(new Error('the jobs table is away'));
    const response = await sign(token, loanId, code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ contract: { payout: { state: 'pending' } } });
    expect(await loanStatusOf(app, loanId)).toBe('signed');

    await app.jobs.runDue();
    expect(await loanStatusOf(app, loanId)).toBe('active');
  });

  it('answers another customer’s application exactly as a missing one, and changes nothing', async () => {
    const owner = await codeSent();
    const intruder = await offeredContract(app, freshPhone());
    for (const call of [
      (id: number) => sendSigningCode(intruder.token, id),
      (id: number) => sign(intruder.token, id, owner.code),
    ]) {
      const foreign = await call(owner.loanId);
      const missing = await call(2_000_000_000);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(missing.json());
      expect(foreign.json()).toEqual({
        status: 'error',
        message: 'მოთხოვნილი რესურსი ვერ მოიძებნა',
      });
    }
    expect(await loanStatusOf(app, owner.loanId)).toBe('approved');
    expect((await sign(owner.token, owner.loanId, owner.code)).statusCode).toBe(200);
  });

  it('signs once when the same code is sent twice at once; the other answers 409 and leaves no file', async () => {
    const { token, loanId, code } = await codeSent();
    const filesBefore = await countStoredFiles();
    const race = raceAt(app, /^select "status" from "loan_applications" .* for update$/);
    const answers = await Promise.all([sign(token, loanId, code), sign(token, loanId, code)]);
    await race.finish();
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await signaturesOf(loanId)).toHaveLength(1);
    expect(await countStoredFiles()).toBe(filesBefore + 1);
  });
});

/** Another approved application of the same customer, as an older approval left it. */

const countStoredFiles = async () => (await storedFiles('documents')).length;
