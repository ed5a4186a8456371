import { addDaysToIsoDate, tbilisiDate } from '@sesxi/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { businessCalendar } from '#app/db/schema.ts';
import { fieldError } from '#app/errors.ts';
import type { ServiceContext } from '#app/service-context.ts';

/** What close of day does for one day, in that day's transaction `db` (a module's part of it). */
export interface CloseOfDayStep {
  name: string;
  run: (day: string, db: Database) => Promise<void>;
}

const one = eq(businessCalendar.id, 1);

/** The later of two `YYYY-MM-DD` days (ISO dates compare as text). */
const later = (day: string, other: string | null) => (other !== null && other > day ? other : day);

/**
 * The business date (sandbox.md): today in Tbilisi, or the day the sandbox's clock was moved
 * to when that is later. Every instance reads it from the database, so a move reaches them all.
 */
export function createBusinessCalendar(
  { db, clock, log }: ServiceContext,
  steps: readonly CloseOfDayStep[],
) {
  /** The calendar's row, locked for this transaction; made on first use, nothing closed yet. */
  async function lockedRow(tx: Database) {
    await tx
      .insert(businessCalendar)
      .values({ id: 1, closedThrough: addDaysToIsoDate(tbilisiDate(clock.now()), -1) })
      .onConflictDoNothing();
    const [row] = await tx.select().from(businessCalendar).where(one).for('update');
    if (!row) throw new Error('the business calendar has no row');
    return { ...row, today: later(tbilisiDate(clock.now()), row.movedTo) };
  }

  /**
   * Closes the day after the last one closed, when it has ended; answers it with how long each
   * step took (milliseconds by step name), or undefined.
   */
  function closeNextDay() {
    return db.transaction(async (tx) => {
      const { closedThrough, today } = await lockedRow(tx);
      const day = addDaysToIsoDate(closedThrough, 1);
      if (day >= today) return undefined;
      const stepMs: Record<string, number> = {};
      for (const step of steps) {
        const started = performance.now();
        await step.run(day, tx);
        stepMs[step.name] = Math.round(performance.now() - started);
      }
      await tx.update(businessCalendar).set({ closedThrough: day }).where(one);
      return { day, stepMs };
    });
  }

  const calendar = {
    /** The business date, read with `handle` (a transaction's, inside one). */
    async today(handle: Database = db): Promise<string> {
      const [row] = await handle
        .select({ movedTo: businessCalendar.movedTo })
        .from(businessCalendar)
        .where(one);
      return later(tbilisiDate(clock.now()), row?.movedTo ?? null);
    },

    /**
     * Runs close of day, in order, once for each day that has ended and is not closed yet; each
     * day commits with its steps, under the calendar's row lock, so two instances never close
     * one day twice. Answers the days closed.
     */
    async closeEndedDays(): Promise<string[]> {
      const closed: string[] = [];
      for (let next = await closeNextDay(); next !== undefined; next = await closeNextDay()) {
        log.info({ event: 'close_of_day', ...next }, 'close of day ran');
        closed.push(next.day);
      }
      return closed;
    },

    /** Sandbox: moves the business date forward to `date` (never back), then closes the days passed. */
    async moveTo(date: string): Promise<string> {
      await db.transaction(async (tx) => {
        const { today } = await lockedRow(tx);
        if (date < today) throw fieldError('date', 'validation.clockBackwards', { date: today });
        await tx.update(businessCalendar).set({ movedTo: date }).where(one);
      });
      await calendar.closeEndedDays();
      return calendar.today();
    },
  };
  return calendar;
}

export type BusinessCalendar = ReturnType<typeof createBusinessCalendar>;
