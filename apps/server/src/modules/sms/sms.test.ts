import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#app/db/schema.ts';
import { ServiceUnavailableError } from '#app/errors.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { testClock } from '#app/test/test-clock.ts';
import { raceAt } from '#app/test/race.ts';
import { sendSmsJob } from './plugin.ts';

const clock = testClock();
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({}, { clock });
  await app.ready();
});

afterAll(() => app.close());

describe('texts that are never lost', () => {
  it('each arrives exactly once when a dead gateway comes back, whoever runs the queue', async () => {
    const delivered: string[] = [];
    let gatewayUp = true;
    const send = app.smsSender.send.bind(app.smsSender);
    app.smsSender.send = async (phone, text) => {
      if (!gatewayUp) throw new ServiceUnavailableError('sms');
      await send(phone, text);
      delivered.push(text);
    };
    try {
      const queued: number[] = [];
      for (let index = 0; index < 12; index++) {
        if (index === 4) gatewayUp = false;
        const job = await app.sms.queue(app.database.db, {
          phone: '599770011',
          text: `ტექსტი ${index}`,
        });
        queued.push(job);
        await app.sms.sendNow(job);
      }
      expect(delivered).toHaveLength(4);
      gatewayUp = true;
      clock.advance(60_000);
      // Two workers at once, as two instances would be.
      const race = raceAt(app, /skip locked/);
      await Promise.all([app.jobs.runDue(), app.jobs.runDue()]);
      await race.finish();
      expect([...delivered].sort()).toEqual(
        Array.from({ length: 12 }, (_, index) => `ტექსტი ${index}`).sort(),
      );
    } finally {
      app.smsSender.send = send;
    }
  });

  it('keeps a text sealed while it waits and forgets it once sent', async () => {
    const send = app.smsSender.send.bind(app.smsSender);
    app.smsSender.send = () => Promise.reject(new ServiceUnavailableError('sms'));
    let job: number;
    try {
      job = await app.sms.queue(app.database.db, { phone: '599770012', text: 'კოდია 4821' });
      await app.sms.sendNow(job);
    } finally {
      app.smsSender.send = send;
    }
    const [waiting] = await app.database.db.select().from(jobs).where(eq(jobs.id, job));
    expect(waiting?.kind).toBe(sendSmsJob);
    expect(JSON.stringify(waiting?.payload)).not.toContain('4821');
    clock.advance(60_000);
    await app.jobs.runDue();
    const [done] = await app.database.db.select().from(jobs).where(eq(jobs.id, job));
    expect(done?.doneAt).toEqual(clock.now());
    expect(done?.payload).toEqual({});
  });
});

describe('the quiet hours (SMS_QUIET_HOURS, real Tbilisi time)', () => {
  // 22:30 in Tbilisi (UTC+4): inside the default 21:00-09:00.
  const night = testClock(new Date('2026-11-23T18:30:00Z'));
  let quiet: FastifyInstance;
  const delivered: string[] = [];

  beforeAll(async () => {
    quiet = await buildTestApp({}, { clock: night });
    await quiet.ready();
    const send = quiet.smsSender.send.bind(quiet.smsSender);
    quiet.smsSender.send = async (phone, text) => {
      await send(phone, text);
      delivered.push(text);
    };
  });

  afterAll(() => quiet.close());

  it('holds a text that can wait until they end, and sends a code at once', async () => {
    const reminder = await quiet.sms.queue(quiet.database.db, {
      phone: '599770013',
      text: 'შეხსენება',
      notInQuietHours: true,
    });
    await quiet.sms.queue(quiet.database.db, { phone: '599770013', text: 'კოდია 1234' });
    await quiet.jobs.runDue();
    await quiet.sms.sendNow(reminder);
    expect(delivered).toEqual(['კოდია 1234']);
    const [held] = await quiet.database.db.select().from(jobs).where(eq(jobs.id, reminder));
    expect(held).toMatchObject({ runAt: new Date('2026-11-24T05:00:00Z'), doneAt: null });

    // 08:59 in Tbilisi: still held.
    night.advance(new Date('2026-11-24T04:59:00Z').getTime() - night.now().getTime());
    await quiet.jobs.runDue();
    expect(delivered).toEqual(['კოდია 1234']);
    // 09:00: out.
    night.advance(60_000);
    await quiet.jobs.runDue();
    expect(delivered).toEqual(['კოდია 1234', 'შეხსენება']);
  });

  it('holds back a retry that falls into them without counting it as a try', async () => {
    // 20:59 in Tbilisi the next day: the gateway fails, its retry lands after 21:00.
    night.advance(new Date('2026-11-24T16:59:00Z').getTime() - night.now().getTime());
    const send = quiet.smsSender.send.bind(quiet.smsSender);
    quiet.smsSender.send = () => Promise.reject(new ServiceUnavailableError('sms'));
    const job = await quiet.sms.queue(quiet.database.db, {
      phone: '599770014',
      text: 'ვადაგადაცილება',
      notInQuietHours: true,
    });
    await quiet.sms.sendNow(job);
    quiet.smsSender.send = send;
    night.advance(120_000);
    await quiet.jobs.runDue();
    const [held] = await quiet.database.db.select().from(jobs).where(eq(jobs.id, job));
    expect(held).toMatchObject({
      runAt: new Date('2026-11-25T05:00:00Z'),
      attempts: 1,
      doneAt: null,
      deadAt: null,
    });
    expect(delivered).not.toContain('ვადაგადაცილება');
  });
});
