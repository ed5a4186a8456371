import { devSmsOutbox } from '@sesxi/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '#app/test/build-test-app.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  await app.smsSender.send('599000111', 'პირველი: 1111');
  await app.smsSender.send('577000222', 'სხვა ნომერზე');
  await app.smsSender.send('599000111', 'მეორე: 2222');
});

afterAll(() => app.close());

describe('GET /api/dev/sms-outbox (sandbox mode)', () => {
  it("lists the phone's messages newest first, with Georgian-time timestamps", async () => {
    const before = Date.now();
    const response = await app.inject({ url: '/api/dev/sms-outbox?phone=599000111' });
    expect(response.statusCode).toBe(200);
    const body = devSmsOutbox.response.parse(response.json());
    expect(body.messages.map(({ phone, text }) => [phone, text])).toEqual([
      ['599000111', 'მეორე: 2222'],
      ['599000111', 'პირველი: 1111'],
    ]);
    for (const { created_at } of body.messages) {
      // Asia/Tbilisi is UTC+4 all year.
      const sentAt = Date.parse(`${created_at.replace(' ', 'T')}+04:00`);
      expect(Math.abs(sentAt - before)).toBeLessThan(60_000);
    }
  });

  it('answers an empty list for a phone that got nothing', async () => {
    const response = await app.inject({ url: '/api/dev/sms-outbox?phone=511111111' });
    expect(response.json()).toEqual({ status: 'success', messages: [] });
  });

  it('asks for a valid phone with a field error', async () => {
    for (const url of ['/api/dev/sms-outbox', '/api/dev/sms-outbox?phone=995599000111']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toHaveProperty('phone');
    }
  });
});
