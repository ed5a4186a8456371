import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { phoneCodes, smsOutbox } from '#app/db/schema.ts';
import { ServiceUnavailableError } from '#app/errors.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import {
  checkCode,
  confirmPhone,
  lastCodeSentTo,
  sendCode,
  wrongCodeFor,
} from '#app/test/phone-codes.ts';
import { logCapture } from '#app/test/log-capture.ts';
import { testClock } from '#app/test/test-clock.ts';
import { phoneSeries } from '#app/test/unique.ts';
import { insertCustomer } from '#app/test/users.ts';
import { raceAt } from '#app/test/race.ts';

const clock = testClock();
let app: FastifyInstance;
const freshPhone = phoneSeries('59810');

/** Moves past the resend window, so the next code may be sent. */
function afterResendWindow() {
  clock.advance(15_001);
}

beforeAll(async () => {
  app = await buildTestApp(
    { SMS_PHONE_DAILY_LIMIT: '100', SMS_IP_HOURLY_LIMIT: '1000' },
    { clock },
  );
});

afterAll(() => app.close());

async function storedCode(phone: string) {
  const [row] = await app.database.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone));
  return row;
}

async function textsTo(phone: string, to = app): Promise<number> {
  const [row] = await to.database.db
    .select({ texts: count() })
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone));
  return row?.texts ?? 0;
}

describe('POST /api/phone-checking', () => {
  it('accepts a well-formed number that no account uses', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/phone-checking',
      payload: { phone: freshPhone() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });
  });

  it('refuses a registered number under phone', async () => {
    const { phone } = await insertCustomer(app, { phone: freshPhone() });
    const response = await app.inject({
      method: 'POST',
      url: '/api/phone-checking',
      payload: { phone },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ phone: ['ეს ნომერი უკვე რეგისტრირებულია'] });
  });

  it.each(['+995599123456', '499123456', '59912345', ''])(
    'refuses %j under phone',
    async (phone) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/phone-checking',
        payload: { phone },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toHaveProperty('phone');
    },
  );
});

describe('checking phones', () => {
  it('is capped at 60 a minute per address, as it tells whether a number is registered', async () => {
    const check = (url: string) =>
      app.inject({
        method: 'POST',
        url,
        payload: { phone: freshPhone() },
        remoteAddress: '10.60.0.1',
      });
    for (let attempt = 0; attempt < 60; attempt++) {
      expect((await check('/api/phone-checking')).statusCode).toBe(200);
    }
    const refused = await check('/api/phone-checking');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/phone-checking-exists', () => {
  it('accepts the number of an account', async () => {
    const { phone } = await insertCustomer(app, { phone: freshPhone() });
    const response = await app.inject({
      method: 'POST',
      url: '/api/phone-checking-exists',
      payload: { phone },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a number no account uses, under phone', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/phone-checking-exists',
      payload: { phone: freshPhone() },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ phone: ['ამ ნომრით ანგარიში არ მოიძებნა'] });
  });
});

describe('POST /api/code-sending', () => {
  it('texts a four-digit code with the product name, and the code is not in the answer', async () => {
    const phone = freshPhone();
    const response = await sendCode(app, phone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });
    const code = await lastCodeSentTo(app, phone);
    expect(code).toMatch(/^\d{4}$/);
    expect(response.body).not.toContain(code);
  });

  it('stores the code as a keyed hash, never in clear', async () => {
    const phone = freshPhone();
    await sendCode(app, phone);
    const code = await lastCodeSentTo(app, phone);
    const stored = await storedCode(phone);
    expect(stored?.codeHash).toMatch(/^[\w-]{43}$/);
    expect(stored?.codeHash).not.toContain(code);
  });

  it('refuses a resend within 15 s with 429 and Retry-After, then allows it', async () => {
    const phone = freshPhone();
    expect((await sendCode(app, phone)).statusCode).toBe(200);
    clock.advance(10_000);
    const refused = await sendCode(app, phone);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({ status: 'error' });
    expect(await textsTo(phone)).toBe(1);
    clock.advance(5_001);
    expect((await sendCode(app, phone)).statusCode).toBe(200);
    expect(await textsTo(phone)).toBe(2);
  });

  it('answers 200 while the gateway is down: the code is texted once it is back', async () => {
    const phone = freshPhone();
    vi.spyOn(app.smsSender, 'send').mockRejectedValueOnce(new ServiceUnavailableError('sms'));
    expect((await sendCode(app, phone)).statusCode).toBe(200);
    expect(await textsTo(phone)).toBe(0);
    clock.advance(5_000);
    await app.jobs.runDue();
    expect(await textsTo(phone)).toBe(1);
    expect((await checkCode(app, phone, await lastCodeSentTo(app, phone))).statusCode).toBe(200);
  });

  it('drops a code the gateway could not take before it expired, rather than text it late', async () => {
    const phone = freshPhone();
    const send = vi
      .spyOn(app.smsSender, 'send')
      .mockRejectedValue(new ServiceUnavailableError('sms'));
    try {
      expect((await sendCode(app, phone)).statusCode).toBe(200);
      clock.advance(5 * 60_000);
    } finally {
      send.mockRestore();
    }
    await app.jobs.runDue();
    expect(await textsTo(phone)).toBe(0);
  });

  it('sends one code when the same phone asks twice at once', async () => {
    const phone = freshPhone();
    const race = raceAt(app, /^insert into "phone_codes"/);
    const answers = await Promise.all([sendCode(app, phone), sendCode(app, phone)]);
    await race.finish();
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429]);
    expect(await textsTo(phone)).toBe(1);
  });

  it('needs an unregistered phone for registration and a registered one for restore', async () => {
    const { phone } = await insertCustomer(app, { phone: freshPhone() });
    const registration = await sendCode(app, phone, 'registration');
    expect(registration.statusCode).toBe(422);
    expect(registration.json()).toMatchObject({ phone: ['ეს ნომერი უკვე რეგისტრირებულია'] });
    expect((await sendCode(app, phone, 'restore_password')).statusCode).toBe(200);

    const restoreUnknown = await sendCode(app, freshPhone(), 'restore_password');
    expect(restoreUnknown.statusCode).toBe(422);
    expect(restoreUnknown.json()).toMatchObject({ phone: ['ამ ნომრით ანგარიში არ მოიძებნა'] });
  });

  it('does not count a refused resend against the caps', async () => {
    const phone = freshPhone();
    await sendCode(app, phone);
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await sendCode(app, phone)).statusCode).toBe(429);
    }
    for (let sent = 1; sent < 10; sent++) {
      afterResendWindow();
      expect((await sendCode(app, phone)).statusCode).toBe(200);
    }
  });
});

describe('SMS caps (SMS_PHONE_DAILY_LIMIT 2, SMS_IP_HOURLY_LIMIT 3, SMS_DAILY_BUDGET 7)', () => {
  let capped: FastifyInstance;
  const logs = logCapture();

  beforeAll(async () => {
    capped = await buildTestApp(
      { SMS_PHONE_DAILY_LIMIT: '2', SMS_IP_HOURLY_LIMIT: '3', SMS_DAILY_BUDGET: '7' },
      { clock, logStream: logs.stream },
    );
  });

  afterAll(() => capped.close());

  it('caps the codes one phone gets a day, with Retry-After until the day ends', async () => {
    const phone = '599200001';
    for (let sent = 0; sent < 2; sent++) {
      expect((await sendCode(capped, phone, 'registration', '10.1.0.1')).statusCode).toBe(200);
      afterResendWindow();
    }
    const refused = await sendCode(capped, phone, 'registration', '10.1.0.2');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(24 * 3600);
    expect(logs.events('rate_limit_hit')).toContainEqual(
      expect.objectContaining({ limit: 'sms_per_phone', phone }),
    );
  });

  it('caps the codes one address asks for in an hour', async () => {
    for (const phone of ['599200011', '599200012', '599200013']) {
      expect((await sendCode(capped, phone, 'registration', '10.2.0.1')).statusCode).toBe(200);
    }
    const refused = await sendCode(capped, '599200014', 'registration', '10.2.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect((await sendCode(capped, '599200014', 'registration', '10.2.0.2')).statusCode).toBe(200);
  });

  it('logs a refused resend as a rate-limit event', async () => {
    const phone = '599200031';
    expect((await sendCode(capped, phone, 'registration', '10.4.0.1')).statusCode).toBe(200);
    expect((await sendCode(capped, phone, 'registration', '10.4.0.1')).statusCode).toBe(429);
    expect(logs.events('rate_limit_hit')).toContainEqual(
      expect.objectContaining({ limit: 'code_resend', phone }),
    );
  });

  it('stops sending once the daily budget is spent: 503 and an alert in the log', async () => {
    const refused = await sendCode(capped, '599200021', 'registration', '10.3.0.1');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ message: 'სერვისთან დაკავშირება ვერ ხერხდება' });
    expect(await textsTo('599200021', capped)).toBe(0);
    expect(logs.events('sms_budget_exhausted')).toEqual([
      expect.objectContaining({ level: 50, alert: true }),
    ]);
  });
});

describe('POST /api/code-checking', () => {
  it('confirms the phone with the texted code', async () => {
    const phone = freshPhone();
    await sendCode(app, phone);
    const response = await checkCode(app, phone, await lastCodeSentTo(app, phone));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });
  });

  it('refuses a wrong code under code', async () => {
    const phone = freshPhone();
    await sendCode(app, phone);
    const response = await checkCode(app, phone, wrongCodeFor(await lastCodeSentTo(app, phone)));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: ['კოდი არასწორია'] });
  });

  it('refuses a code after its 5 minutes', async () => {
    const phone = freshPhone();
    await sendCode(app, phone);
    const code = await lastCodeSentTo(app, phone);
    clock.advance(5 * 60_000);
    const response = await checkCode(app, phone, code);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: ['კოდს ვადა გაუვიდა, გთხოვთ, მოითხოვოთ ახალი კოდი'],
    });
  });

  it('checks the latest live code whatever its purpose when, as in the spec, none is named', async () => {
    const { phone } = await insertCustomer(app, { phone: freshPhone() });
    await sendCode(app, phone, 'restore_password');
    const response = await checkCode(app, phone, await lastCodeSentTo(app, phone));
    expect(response.statusCode).toBe(200);
    const row = await storedCode(phone);
    expect(row).toMatchObject({ purpose: 'restore_password' });
    expect(row?.confirmedAt).toBeInstanceOf(Date);
  });

  it('refuses a code sent for the other purpose', async () => {
    const { phone } = await insertCustomer(app, { phone: freshPhone() });
    await sendCode(app, phone, 'restore_password');
    const response = await checkCode(app, phone, await lastCodeSentTo(app, phone), 'registration');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: ['კოდს ვადა გაუვიდა, გთხოვთ, მოითხოვოთ ახალი კოდი'],
    });
  });

  it('refuses a code sent to another phone', async () => {
    const [phone, other] = [freshPhone(), freshPhone()];
    await sendCode(app, other);
    await sendCode(app, phone);
    const response = await checkCode(app, phone, await lastCodeSentTo(app, other));
    expect(response.statusCode).toBe(422);
  });

  it('replaces the previous code with a new one', async () => {
    const phone = freshPhone();
    await sendCode(app, phone);
    const first = await lastCodeSentTo(app, phone);
    afterResendWindow();
    await sendCode(app, phone);
    const second = await lastCodeSentTo(app, phone);
    if (first !== second) {
      expect((await checkCode(app, phone, first)).statusCode).toBe(422);
    }
    expect((await checkCode(app, phone, second)).statusCode).toBe(200);
  });

  it('counts exactly 5 of 20 parallel wrong guesses, after which the code is dead', async () => {
    const phone = freshPhone();
    await sendCode(app, phone);
    const code = await lastCodeSentTo(app, phone);
    const race = raceAt(app, /set failed_attempts = failed_attempts \+ 1/);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => checkCode(app, phone, wrongCodeFor(code))),
    );
    await race.finish();
    expect(answers.every((answer) => answer.statusCode === 422)).toBe(true);
    expect((await storedCode(phone))?.failedAttempts).toBe(5);

    const locked = await checkCode(app, phone, code);
    expect(locked.statusCode).toBe(422);
    expect(locked.json()).toMatchObject({
      code: ['მცდელობების ლიმიტი ამოიწურა, გთხოვთ, მოითხოვოთ ახალი კოდი'],
    });
  });

  it('locks a phone for the day after 10 wrong guesses, over several codes', async () => {
    const phone = freshPhone();
    for (let round = 0; round < 2; round++) {
      await sendCode(app, phone, 'registration', `10.4.0.${round}`);
      const code = await lastCodeSentTo(app, phone);
      for (let guess = 0; guess < 5; guess++) await checkCode(app, phone, wrongCodeFor(code));
      afterResendWindow();
    }
    await sendCode(app, phone, 'registration', '10.4.0.9');
    const response = await checkCode(app, phone, await lastCodeSentTo(app, phone));
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toMatchObject({
      code: ['ამ ნომრისთვის დღევანდელი მცდელობები ამოიწურა, სცადეთ ხვალ'],
    });
  });

  it('confirms the same code twice without harm', async () => {
    const phone = freshPhone();
    await confirmPhone(app, phone);
    expect((await checkCode(app, phone, await lastCodeSentTo(app, phone))).statusCode).toBe(200);
  });
});
