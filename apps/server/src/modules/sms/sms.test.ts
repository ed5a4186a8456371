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
