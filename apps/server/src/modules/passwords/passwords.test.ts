import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServiceUnavailableError } from '#app/errors.ts';
import { bearer } from '#app/test/accounts.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { confirmPhone } from '#app/test/phone-codes.ts';
import { testClock } from '#app/test/test-clock.ts';
import { phoneSeries } from '#app/test/unique.ts';
import { insertCustomer } from '#app/test/users.ts';

const clock = testClock();
let app: FastifyInstance;
const freshPhone = phoneSeries('59450');
const password = 'the old password';

beforeAll(async () => {
  app = await buildTestApp({}, { clock });
});

afterAll(() => app.close());

function customer() {
  return insertCustomer(app, { phone: freshPhone(), password });
}

async function login(phone: string, secret: string) {
  return app.inject({ method: 'POST', url: '/api/login', payload: { phone, password: secret } });
}

async function tokenOf(phone: string, secret = password): Promise<string> {
  return (await login(phone, secret)).json<{ user: { apiToken: string } }>().user.apiToken;
}

function changePassword(token: string, next: string, confirmation = next) {
  return app.inject({
    method: 'POST',
    url: '/api/change-password',
    headers: bearer(token),
    payload: { password: next, password_confirmation: confirmation },
  });
}

function restore(phone: string) {
  return app.inject({ method: 'POST', url: '/api/restore-password', payload: { phone } });
}

async function lastTextTo(phone: string): Promise<string> {
  const response = await app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` });
  return response.json<{ messages: { text: string }[] }>().messages[0]?.text ?? '';
}

describe('POST /api/change-password', () => {
  it('sets the new password and ends every session of the user', async () => {
    const { phone } = await customer();
    const [current, other] = [await tokenOf(phone), await tokenOf(phone)];
    const response = await changePassword(current, 'a brand new secret');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });
    for (const token of [current, other]) {
      expect((await changePassword(token, 'yet another secret')).statusCode).toBe(401);
    }
    expect((await login(phone, password)).statusCode).toBe(422);
    expect((await login(phone, 'a brand new secret')).statusCode).toBe(200);
  });

  it('refuses a common password, a short one and a mismatch, changing nothing', async () => {
    const { phone } = await customer();
    const token = await tokenOf(phone);
    const common = await changePassword(token, 'iloveyou1');
    expect(common.statusCode).toBe(422);
    expect(common.json()).toMatchObject({
      password: ['ეს პაროლი ძალიან გავრცელებულია, გთხოვთ, აირჩიოთ სხვა'],
    });
    expect((await changePassword(token, 'short')).json()).toHaveProperty('password');
    expect((await changePassword(token, 'long enough', 'different')).json()).toHaveProperty(
      'password_confirmation',
    );
    expect((await login(phone, password)).statusCode).toBe(200);
  });
});

describe('POST /api/restore-password', () => {
  it('after a confirmed restore code, texts a new password and ends every session', async () => {
    const { phone } = await customer();
    const token = await tokenOf(phone);
    await confirmPhone(app, phone, 'restore_password');
    const response = await restore(phone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });

    const text = await lastTextTo(phone);
    const newPassword = /პაროლია (\S+)$/.exec(text)?.[1] ?? '';
    expect(text).toMatch(/^Sesxi: /);
    expect(newPassword).toMatch(/^[A-Za-z2-9]{12}$/);
    expect((await changePassword(token, 'whatever secret')).statusCode).toBe(401);
    expect((await login(phone, password)).statusCode).toBe(422);
    expect((await login(phone, newPassword)).statusCode).toBe(200);
  });

  it('spends the code: a second restore needs a new one', async () => {
    const { phone } = await customer();
    await confirmPhone(app, phone, 'restore_password');
    expect((await restore(phone)).statusCode).toBe(200);
    const again = await restore(phone);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      phone: ['გთხოვთ, დაადასტუროთ ტელეფონის ნომერი SMS კოდით'],
    });
  });

  it('refuses without a confirmed restore code, changing nothing', async () => {
    const { phone } = await customer();
    expect((await restore(phone)).statusCode).toBe(422);
    await app.inject({
      method: 'POST',
      url: '/api/code-sending',
      payload: { phone, purpose: 'restore_password' },
    });
    expect((await restore(phone)).statusCode).toBe(422);
    expect((await login(phone, password)).statusCode).toBe(200);
  });

  it('refuses a confirmation older than 30 minutes', async () => {
    const { phone } = await customer();
    await confirmPhone(app, phone, 'restore_password');
    clock.advance(30 * 60_000 + 1);
    expect((await restore(phone)).statusCode).toBe(422);
  });

  it('refuses a phone no account uses', async () => {
    expect((await restore('599888777')).statusCode).toBe(422);
  });

  it('restores while the SMS gateway is down: the new password is texted once it is back', async () => {
    const { phone } = await customer();
    await confirmPhone(app, phone, 'restore_password');
    vi.spyOn(app.smsSender, 'send').mockRejectedValueOnce(new ServiceUnavailableError('sms'));
    expect((await restore(phone)).statusCode).toBe(200);
    expect((await login(phone, password)).statusCode).toBe(422);
    clock.advance(5_000);
    await app.jobs.runDue();
    const newPassword = /პაროლია (\S+)$/.exec(await lastTextTo(phone))?.[1] ?? '';
    expect((await login(phone, newPassword)).statusCode).toBe(200);
  });
});
