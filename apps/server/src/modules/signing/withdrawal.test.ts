import { addDaysToIsoDate } from '@sesxi/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contractWithdrawals, loanContracts } from '#app/db/schema.ts';
import { loanHistoryOf, loanStatusOf } from '#app/test/loans.ts';
import {
  holdPayouts,
  lastSigningCodeSentTo,
  offeredContract,
  signedContract as signedContractOf,
  signingCalls,
  textsTo,
  wrongSigningCode,
  pastResendWindow,
  signingTestApp,
} from '#app/test/signable-contracts.ts';
import { testClock } from '#app/test/test-clock.ts';
import { phoneSeries } from '#app/test/unique.ts';

const clock = testClock();
const freshPhone = phoneSeries('5591');
let app: FastifyInstance;
let close: () => Promise<void>;
const { sendWithdrawalCode, withdraw } = signingCalls(() => app);

beforeAll(async () => {
  ({ app, close } = await signingTestApp(clock));
});

afterAll(() => close());

afterEach(() => {
  vi.restoreAllMocks();
});

const afterResendWindow = () => {
  pastResendWindow(clock);
};

const today = () => app.businessCalendar.today();

/** Moves the business date `days` on (sandbox.md's clock), for every application. */
async function daysLater(days: number) {
  await app.businessCalendar.moveTo(addDaysToIsoDate(await today(), days));
}

/**
 * A contract its customer signed today, the next code allowed; its payout held back (queued, not
 * sent) unless `paid`.
 */
async function signedContract({ paid = false } = {}) {
  if (!paid) holdPayouts(app);
  const signed = await signedContractOf(app, freshPhone());
  afterResendWindow();
  return signed;
}

/** The withdrawal code texted for a signed contract. */
async function withdrawalCodeOf({
  user,
  token,
  loanId,
}: Awaited<ReturnType<typeof signedContract>>) {
  const sent = await sendWithdrawalCode(token, loanId);
  expect(sent.statusCode).toBe(200);
  return lastSigningCodeSentTo(app, user.phone);
}

const withdrawalRowOf = async (loanId: number) =>
  (
    await app.database.db
      .select()
      .from(contractWithdrawals)
      .where(eq(contractWithdrawals.loanId, loanId))
  )[0];

const contractStatusOf = async (loanId: number) =>
  (
    await app.database.db
      .select({ status: loanContracts.status })
      .from(loanContracts)
      .where(eq(loanContracts.loanId, loanId))
  )[0]?.status;

describe('POST /api/loans/:id/withdrawal', () => {
  it('before the payout: the application is withdrawn at once, nothing owed, the customer told', async () => {
    const signed = await signedContract();
    const settle = vi.spyOn(app.contractPayouts, 'settlePayoutForWithdrawal');
    const enqueueWebhook = vi.spyOn(app.webhooks, 'enqueue');
    const code = await withdrawalCodeOf(signed);
    expect((await textsTo(app, signed.user.phone))[0]).toBe(
      `Sesxi: ხელშეკრულებაზე №${signed.number} უარის თქმის კოდია ${code}. არავის გაუზიაროთ.`,
    );

    const response = await withdraw(signed.token, signed.loanId, code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      withdrawal: { state: 'withdrawn', amount_due: 0, due_date: null },
    });
    expect(settle).toHaveBeenCalledWith(expect.anything(), signed.loanId);
    expect(await loanStatusOf(app, signed.loanId)).toBe('withdrawn');
    expect((await loanHistoryOf(app, signed.loanId)).at(-1)).toMatchObject({
      fromStatus: 'signed',
      toStatus: 'withdrawn',
      reason: 'withdraw',
    });
    expect(await contractStatusOf(signed.loanId)).toBe('withdrawn');
    expect(await withdrawalRowOf(signed.loanId)).toMatchObject({
      state: 'withdrawn',
      amountDue: 0,
      dueDate: null,
      phone: signed.user.phone,
      ip: '127.0.0.1',
      userAgent: 'vitest-browser/1.0',
      withdrawnOn: await today(),
    });
    expect(enqueueWebhook).toHaveBeenCalledWith(
      expect.anything(),
      'contract.withdrawn',
      signed.loanId,
    );
    expect((await textsTo(app, signed.user.phone))[0]).toBe(
      `Sesxi: ხელშეკრულებაზე №${signed.number} უარი მიღებულია, თანხა არ ჩაირიცხება.`,
    );
  });

  it('after the payout: the loan is withdrawing, owing the principal paid out and the days’ interest within 30 days', async () => {
    // Paid out at the signature: 1470 GEL (1500 less the 2% fee, which is waived).
    const signed = await signedContract({ paid: true });
    expect(await loanStatusOf(app, signed.loanId)).toBe('active');
    await daysLater(10);
    const code = await withdrawalCodeOf(signed);
    const response = await withdraw(signed.token, signed.loanId, code);
    expect(response.statusCode).toBe(200);
    const dueDate = addDaysToIsoDate(await today(), 30);
    // 1470 × 24% × 10 / 360 = 9.80 GEL of interest.
    expect(response.json()).toEqual({
      status: 'success',
      withdrawal: { state: 'withdrawing', amount_due: 1479.8, due_date: dueDate },
    });
    expect(await loanStatusOf(app, signed.loanId)).toBe('withdrawing');
    expect(await contractStatusOf(signed.loanId)).toBe('withdrawn');
    expect(await withdrawalRowOf(signed.loanId)).toMatchObject({
      state: 'withdrawing',
      principal: 1470,
      interest: 9.8,
      amountDue: 1479.8,
      daysUsed: 10,
      dueDate,
    });
    expect((await textsTo(app, signed.user.phone))[0]).toBe(
      `Sesxi: ხელშეკრულებაზე №${signed.number} უარი მიღებულია. დასაბრუნებელი თანხაა 1479,80\u00a0₾, გადახდის ვადა — ${dueDate}.`,
    );
  });

  it('is open through the 14th day after the signature, and closed on the 15th with a 409 naming the last day', async () => {
    const onLastDay = await signedContract();
    const late = await signedContract();
    const lastDay = addDaysToIsoDate(await today(), 14);
    await app.businessCalendar.moveTo(lastDay);
    const code = await withdrawalCodeOf(onLastDay);
    expect((await withdraw(onLastDay.token, onLastDay.loanId, code)).statusCode).toBe(200);

    const lateCode = await withdrawalCodeOf(late);
    await daysLater(1);
    const refused = await withdraw(late.token, late.loanId, lateCode);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      status: 'error',
      message: `ხელშეკრულებაზე უარის თქმის 14-დღიანი ვადა ამოიწურა (ბოლო დღე იყო ${lastDay})`,
    });
    afterResendWindow();
    expect((await sendWithdrawalCode(late.token, late.loanId)).statusCode).toBe(409);
    expect(await loanStatusOf(app, late.loanId)).toBe('signed');
  });

  it('is refused for a contract not signed, and once withdrawn', async () => {
    const offered = await offeredContract(app, freshPhone());
    const unsigned = await sendWithdrawalCode(offered.token, offered.loanId);
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json()).toEqual({
      status: 'error',
      message: 'ამ ეტაპზე ხელშეკრულებაზე უარის თქმა შეუძლებელია',
    });

    const signed = await signedContract();
    const code = await withdrawalCodeOf(signed);
    expect((await withdraw(signed.token, signed.loanId, code)).statusCode).toBe(200);
    expect((await withdraw(signed.token, signed.loanId, code)).statusCode).toBe(409);
  });

  it('refuses a wrong code under code, and a signing code', async () => {
    const signed = await signedContract();
    const code = await withdrawalCodeOf(signed);
    const wrong = await withdraw(signed.token, signed.loanId, wrongSigningCode(code));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: ['კოდი არასწორია'] });

    const other = await signedContract();
    const signingCode = await lastSigningCodeSentTo(app, other.user.phone);
    const withSigningCode = await withdraw(other.token, other.loanId, signingCode);
    expect(withSigningCode.statusCode).toBe(422);
    expect(withSigningCode.json()).toMatchObject({
      code: ['კოდს ვადა გაუვიდა, გთხოვთ, მოითხოვოთ ახალი კოდი'],
    });
    expect(await loanStatusOf(app, signed.loanId)).toBe('signed');
    expect(await loanStatusOf(app, other.loanId)).toBe('signed');
  });

  it('answers another customer’s application exactly as a missing one, and changes nothing', async () => {
    const owner = await signedContract();
    const code = await withdrawalCodeOf(owner);
    const intruder = await signedContract();
    for (const call of [
      (id: number) => sendWithdrawalCode(intruder.token, id),
      (id: number) => withdraw(intruder.token, id, code),
    ]) {
      const foreign = await call(owner.loanId);
      const missing = await call(2_000_000_000);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(missing.json());
    }
    expect(await loanStatusOf(app, owner.loanId)).toBe('signed');
    expect((await withdraw(owner.token, owner.loanId, code)).statusCode).toBe(200);
  });
});
