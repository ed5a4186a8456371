import { and, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '#app/db/database.ts';
import { phoneCodes, rateCounters, type CodePurpose } from '#app/db/schema.ts';

export type PhoneCode = typeof phoneCodes.$inferSelect;

/** The purposes of codes that confirm the phone itself, which `POST /api/code-checking` checks. */
export const phonePurposes = [
  'registration',
  'restore_password',
] as const satisfies readonly CodePurpose[];
export type PhonePurpose = (typeof phonePurposes)[number];

export interface NewCode {
  phone: string;
  purpose: CodePurpose;
  codeHash: string;
  subject: string | null;
  sentIp: string;
  now: Date;
  expiresAt: Date;
}

/** Where the per-phone daily count of wrong guesses is kept (a row of rate_counters). */
export interface GuessCounter {
  key: string;
  windowStart: Date;
  limit: number;
}

/** A code confirmed since `confirmedSince` and not yet spent. */
function confirmedUnspent(phone: string, purpose: CodePurpose, confirmedSince: Date) {
  return and(
    eq(phoneCodes.phone, phone),
    eq(phoneCodes.purpose, purpose),
    gte(phoneCodes.confirmedAt, confirmedSince),
    isNull(phoneCodes.consumedAt),
  );
}

export function createPhoneCodeRepository(db: Database) {
  return {
    /**
     * Puts a new code in place of the phone's code for this purpose, unless that one was sent
     * after `resendAfter`: one atomic upsert, so parallel requests cannot both send. Answers
     * the new row, or undefined when the old code is too recent.
     */
    async replace(code: NewCode, resendAfter: Date): Promise<PhoneCode | undefined> {
      const fresh = {
        codeHash: code.codeHash,
        subject: code.subject,
        sentIp: code.sentIp,
        createdAt: code.now,
        expiresAt: code.expiresAt,
        failedAttempts: 0,
        confirmedAt: null,
        consumedAt: null,
      };
      const [row] = await db
        .insert(phoneCodes)
        .values({ phone: code.phone, purpose: code.purpose, ...fresh })
        .onConflictDoUpdate({
          target: [phoneCodes.phone, phoneCodes.purpose],
          set: fresh,
          setWhere: lt(phoneCodes.createdAt, resendAfter),
        })
        .returning();
      return row;
    },

    /**
     * The phone's newest code that is neither spent nor expired, of `purpose` when one is
     * named, of any purpose that confirms the phone otherwise (never a bound code).
     */
    async latestLive(
      phone: string,
      purpose: PhonePurpose | undefined,
      now: Date,
    ): Promise<PhoneCode | undefined> {
      const [row] = await db
        .select()
        .from(phoneCodes)
        .where(
          and(
            eq(phoneCodes.phone, phone),
            purpose ? eq(phoneCodes.purpose, purpose) : inArray(phoneCodes.purpose, phonePurposes),
            isNull(phoneCodes.consumedAt),
            gt(phoneCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(phoneCodes.createdAt))
        .limit(1);
      return row;
    },

    async find(phone: string, purpose: CodePurpose): Promise<PhoneCode | undefined> {
      const [row] = await db
        .select()
        .from(phoneCodes)
        .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose)));
      return row;
    },

    /**
     * Counts one wrong guess against the code and the phone's daily counter in one statement.
     * Each counter only moves while under its limit, and the phone's only when the code's did,
     * so parallel guesses can never count past either. Answers the code's count of wrong
     * guesses (undefined when the code was already dead) and whether the phone's counted.
     */
    async countWrongGuess(
      codeId: number,
      codeLimit: number,
      phoneCounter: GuessCounter,
    ): Promise<{ failedAttempts: number | undefined; phoneCounted: boolean }> {
      const result = await db.execute(sql`
        with code as (
          update ${phoneCodes} set failed_attempts = failed_attempts + 1
          where id = ${codeId} and failed_attempts < ${codeLimit}
          returning failed_attempts
        ), phone as (
          insert into ${rateCounters} (key, window_start, hits)
          select ${phoneCounter.key}, ${phoneCounter.windowStart}, 1 where exists (select 1 from code)
          on conflict (key, window_start) do update set hits = ${rateCounters}.hits + 1
          where ${rateCounters}.hits < ${phoneCounter.limit}
          returning hits
        )
        select (select failed_attempts from code) as failed_attempts,
               (select hits from phone) as phone_hits`);
      const [row] = rowsOf<{ failed_attempts: number | null; phone_hits: number | null }>(result);
      return {
        failedAttempts: row?.failed_attempts ?? undefined,
        phoneCounted: row !== undefined && row.phone_hits !== null,
      };
    },

    /** Marks a live code confirmed; answers false when it died or expired in the meantime. */
    async confirm(codeId: number, codeLimit: number, now: Date): Promise<boolean> {
      const confirmed = await db
        .update(phoneCodes)
        .set({ confirmedAt: now })
        .where(
          and(
            eq(phoneCodes.id, codeId),
            lt(phoneCodes.failedAttempts, codeLimit),
            gt(phoneCodes.expiresAt, now),
            isNull(phoneCodes.consumedAt),
          ),
        )
        .returning({ id: phoneCodes.id });
      return confirmed.length > 0;
    },

    /**
     * Spends a live bound code, the one the check matched (one use only, in one conditional
     * update); answers false when it was spent, replaced, locked or expired in the meantime.
     */
    async spend(codeId: number, codeHash: string, codeLimit: number, now: Date): Promise<boolean> {
      const spent = await db
        .update(phoneCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(phoneCodes.id, codeId),
            eq(phoneCodes.codeHash, codeHash),
            lt(phoneCodes.failedAttempts, codeLimit),
            gt(phoneCodes.expiresAt, now),
            isNull(phoneCodes.consumedAt),
          ),
        )
        .returning({ id: phoneCodes.id });
      return spent.length > 0;
    },

    /**
     * Spends a code confirmed since `confirmedSince` (one use only, in one conditional update).
     * Answers when it was confirmed, or undefined when there is no such code.
     */
    async consumeConfirmed(
      phone: string,
      purpose: CodePurpose,
      { confirmedSince, now }: { confirmedSince: Date; now: Date },
    ): Promise<Date | undefined> {
      const [row] = await db
        .update(phoneCodes)
        .set({ consumedAt: now })
        .where(confirmedUnspent(phone, purpose, confirmedSince))
        .returning({ confirmedAt: phoneCodes.confirmedAt });
      return row?.confirmedAt ?? undefined;
    },

    /** Whether a code confirmed since `confirmedSince` waits to be spent. */
    async hasConfirmed(
      phone: string,
      purpose: CodePurpose,
      confirmedSince: Date,
    ): Promise<boolean> {
      const [row] = await db
        .select({ id: phoneCodes.id })
        .from(phoneCodes)
        .where(confirmedUnspent(phone, purpose, confirmedSince));
      return row !== undefined;
    },
  };
}

export type PhoneCodeRepository = ReturnType<typeof createPhoneCodeRepository>;
