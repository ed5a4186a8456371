import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessCalendar } from '#app/db/schema.ts';
import { buildTestApp } from '#app/test/build-test-app.ts';
import { raceAt } from '#app/test/race.ts';
import { testClock } from '#app/test/test-clock.ts';
import { createBusinessCalendar } from './calendar.ts';

// 23 November 2026, 14:00 in Tbilisi.
const clock = testClock(new Date('2026-11-23T10:00:00Z'));
let app: FastifyInstance;
/** The days close of day ran for, in order, as a module's step sees them. */
const closedDays: string[] = [];
let failOn: string | undefined;

const clockNow = async () =>
  (await app.inject({ method: 'GET', url: '/api/dev/clock' })).json<{ date: string }>();
const move = (date: unknown) =>
  app.inject({ method: 'POST', url: '/api/dev/clock', payload: { date } });

beforeAll(async () => {
  app = await buildTestApp({}, { clock });
  app.businessCalendar.onCloseOfDay({
    name: 'test',
    run: (day) => {
      if (day === failOn) return Promise.reject(new Error(`step fails on ${day}`));
      closedDays.push(day);
      return Promise.resolve();
    },
  });
});

afterAll(async () => {
  await app.close();
});

describe('the business date', () => {
  it('is today in Tbilisi until the sandbox clock moves', async () => {
    expect(await clockNow()).toEqual({ status: 'success', date: '2026-11-23' });
  });

  it('moves forward for everyone reading the database, running close of day for each day passed', async () => {
    const moved = await move('2026-11-26');
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ status: 'success', date: '2026-11-26' });
    expect(closedDays).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);

    // Another instance keeps nothing in memory: a calendar of its own reads the moved date.
    const another = createBusinessCalendar({ db: app.database.db, clock, log: app.log }, []);
    expect(await another.today()).toBe('2026-11-26');

    // The same day again closes nothing twice.
    expect((await move('2026-11-26')).statusCode).toBe(200);
    expect(closedDays).toHaveLength(3);
  });

  it('never moves back, and says which day is in force', async () => {
    const back = await move('2026-11-25');
    expect(back.statusCode).toBe(422);
    expect(back.json()).toMatchObject({
      status: 'error',
      date: ['საოპერაციო თარიღი მხოლოდ წინ გადაიწევს: ახლა ძალაშია 2026-11-26'],
    });
    expect((await clockNow()).date).toBe('2026-11-26');
  });

  it.each(['2026-02-30', '26-11-30', '2026-11-30T00:00:00Z', '', 20261130])(
    'refuses %j as a date, under date',
    async (date) => {
      const answer = await move(date);
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toMatchObject({ date: ['თარიღი უნდა იყოს ფორმატში: წწწწ-თთ-დდ'] });
    },
  );

  it('follows real time once it passes the moved date, closing the day that ended', async () => {
    clock.advance(4 * 86_400_000); // 27 November in Tbilisi
    expect((await clockNow()).date).toBe('2026-11-27');
    expect(await app.businessCalendar.closeEndedDays()).toEqual(['2026-11-26']);
    expect(closedDays.at(-1)).toBe('2026-11-26');
  });

  it('rolls back a day whose close of day fails, and closes it on the next try', async () => {
    failOn = '2026-11-28';
    const failed = await move('2026-11-30');
    expect(failed.statusCode).toBe(500);
    expect(closedDays.at(-1)).toBe('2026-11-27');
    const [row] = await app.database.db
      .select()
      .from(businessCalendar)
      .where(eq(businessCalendar.id, 1));
    expect(row).toMatchObject({ movedTo: '2026-11-30', closedThrough: '2026-11-27' });

    failOn = undefined;
    expect(await app.businessCalendar.closeEndedDays()).toEqual(['2026-11-28', '2026-11-29']);
  });

  it('closes each day once when two instances close at the same time', async () => {
    const before = closedDays.length;
    await app.database.db
      .update(businessCalendar)
      .set({ movedTo: '2026-12-03' })
      .where(eq(businessCalendar.id, 1));
    const race = raceAt(app, /^select "id", "moved_to", "closed_through" from "business_calendar"/);
    const [one, two] = await Promise.all([
      app.businessCalendar.closeEndedDays(),
      app.businessCalendar.closeEndedDays(),
    ]);
    await race.finish();
    expect([...one, ...two].sort()).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
    expect(closedDays.slice(before).sort()).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
  });
});
