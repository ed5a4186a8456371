import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { customerDocuments, loanContracts, users } from '#app/db/schema.ts';
import { bearer } from './accounts.ts';
import { decisionCalls } from './decisions.ts';
import { loanTestApp } from './loans.ts';
import { onboardedCustomer, type SignedInCustomer } from './onboarding.ts';
import type { TestClock } from './test-clock.ts';

/** The app of a signing test file on `clock`: the text limits let one customer have many codes. */
export const signingTestApp = (clock: TestClock) =>
  loanTestApp({ clock, env: { SMS_PHONE_DAILY_LIMIT: '100', SMS_IP_HOURLY_LIMIT: '10000' } });

/** Moves `clock` past the 15-second resend window, so the phone's next code may be sent. */
export const pastResendWindow = (clock: TestClock) => {
  clock.advance(15_001);
};

/** Two accounts that pass the mod-97 check: the customer's first, then another. */
export const ibans = ['GE29NB0000000101904917', 'GE95TB0000000123456789'] as const;

export interface StoredDocument {
  id: number;
  sha256: string;
  bytes: Buffer;
}

/** The contract's current document of application `loanId`, as stored. */
async function currentDocumentOf(app: FastifyInstance, loanId: number): Promise<StoredDocument> {
  const [row] = await app.database.db
    .select({
      id: customerDocuments.id,
      sha256: customerDocuments.sha256,
      key: customerDocuments.storageKey,
    })
    .from(loanContracts)
    .innerJoin(customerDocuments, eq(customerDocuments.id, loanContracts.currentDocumentId))
    .where(eq(loanContracts.loanId, loanId));
  if (!row) throw new Error(`application ${String(loanId)} has no contract`);
  return { id: row.id, sha256: row.sha256, bytes: await app.fileStorage.read(row.key) };
}

/**
 * The customer's account given on the contract (`PUT .../contract`, payment day 15), which makes
 * its document anew; answers the new document.
 */
export async function chooseAccount(
  app: FastifyInstance,
  { token, loanId, iban }: { token: string; loanId: number; iban: string },
): Promise<StoredDocument> {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/loans/${String(loanId)}/contract`,
    headers: bearer(token),
    payload: { payment_day: 15, iban },
  });
  if (response.statusCode !== 200) throw new Error(`PUT contract answered ${response.body}`);
  return currentDocumentOf(app, loanId);
}

/**
 * A new application of `customer` submitted, taken and approved (1500 ₾ for 12 months) by the
 * first sandbox officer, as the decisions screens do: its binding offer made. Answers its id.
 */
export async function approvedApplication(
  app: FastifyInstance,
  customer: SignedInCustomer,
): Promise<number> {
  const calls = decisionCalls(() => app);
  const loanId = await calls.submit(customer);
  const officer = await calls.officer('599000002');
  expect((await calls.take(officer, loanId)).statusCode).toBe(200);
  const approved = await calls.approve(officer, loanId, { amount: 1500, months: 12 });
  expect(approved.json()).toMatchObject({ decision: { state: 'approved' } });
  return loanId;
}

/** A customer whose identity document check passed (or not), signed in. */
export async function customerForSigning(
  app: FastifyInstance,
  phone: string,
  { identityChecked = true } = {},
): Promise<SignedInCustomer> {
  const customer = await onboardedCustomer(app, { phone });
  await app.database.db
    .update(users)
    .set({ isIdentomatVerified: identityChecked })
    .where(eq(users.id, customer.user.id));
  return customer;
}

/**
 * An approved application of a new customer with its binding offer, its account given: what
 * signing starts from.
 */
export async function offeredContract(
  app: FastifyInstance,
  phone: string,
  options: { identityChecked?: boolean } = {},
) {
  const customer = await customerForSigning(app, phone, options);
  const loanId = await approvedApplication(app, customer);
  const document = await chooseAccount(app, { token: customer.token, loanId, iban: ibans[0] });
  const [contract] = await app.database.db
    .select({ number: loanContracts.number })
    .from(loanContracts)
    .where(eq(loanContracts.loanId, loanId));
  return { ...customer, loanId, number: contract?.number ?? '', document };
}

/** The six-digit code in the latest text with one the sandbox sent to `phone`. */
export async function lastSigningCodeSentTo(app: FastifyInstance, phone: string): Promise<string> {
  const texts = await textsTo(app, phone);
  const code = texts.map((text) => /კოდია (\d{6})\b/.exec(text)?.[1]).find(Boolean);
  if (code === undefined) throw new Error(`no six-digit code was texted to ${phone}`);
  return code;
}

/** The texts the sandbox sent to `phone`, newest first. */
export async function textsTo(app: FastifyInstance, phone: string): Promise<string[]> {
  const response = await app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` });
  return response.json<{ messages: { text: string }[] }>().messages.map(({ text }) => text);
}

/** A wrong code for a right one: the same digits shifted by one. */
export const wrongSigningCode = (code: string) =>
  String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** The calls of the signing screens, as the owner of `token` makes them, to the app `appOf` answers. */
export function signingCalls(appOf: () => FastifyInstance) {
  const post = (token: string, url: string, payload?: object, remoteAddress = '127.0.0.1') =>
    appOf().inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), 'user-agent': 'vitest-browser/1.0' },
      remoteAddress,
      ...(payload && { payload }),
    });
  return {
    sendSigningCode: (token: string, loanId: number) =>
      post(token, `/api/loans/${String(loanId)}/contract/code`),
    sign: (token: string, loanId: number, code: string) =>
      post(token, `/api/loans/${String(loanId)}/contract/sign`, { code }),
    sendWithdrawalCode: (token: string, loanId: number) =>
      post(token, `/api/loans/${String(loanId)}/withdrawal/code`),
    withdraw: (token: string, loanId: number, code: string) =>
      post(token, `/api/loans/${String(loanId)}/withdrawal`, { code }),
  };
}

/** An offered contract (`offeredContract`) whose signing code was texted; answers the code too. */
export async function signingCodeSent(
  app: FastifyInstance,
  phone: string,
  options?: { identityChecked?: boolean },
) {
  const offered = await offeredContract(app, phone, options);
  const sent = await signingCalls(() => app).sendSigningCode(offered.token, offered.loanId);
  expect(sent.statusCode).toBe(200);
  return { ...offered, code: await lastSigningCodeSentTo(app, phone) };
}

/**
 * Keeps the payouts of the signatures that follow queued, unsent, as before the bank pays: the
 * signature sends its payout at once otherwise. The job poll (`app.jobs.runDue`) would send
 * them; `vi.restoreAllMocks` lets them go again.
 */
export function holdPayouts(app: FastifyInstance) {
  vi.spyOn(app.payouts, 'payNow').mockResolvedValue(undefined);
}

/**
 * A contract its customer signed today through the API: paid out at once (the sandbox bank
 * pays), unless `holdPayouts` keeps the payout queued.
 */
export async function signedContract(app: FastifyInstance, phone: string) {
  const offered = await signingCodeSent(app, phone);
  const signed = await signingCalls(() => app).sign(offered.token, offered.loanId, offered.code);
  expect(signed.statusCode).toBe(200);
  return offered;
}
