import { translate } from '@sesxi/contract';
import type { SmsLimits } from '#app/config/services.ts';
import type { Database } from '#app/db/database.ts';
import type { CodePurpose } from '#app/db/schema.ts';
import { fieldError, ServiceUnavailableError, TooManyRequestsError } from '#app/errors.ts';
import { recordEvent } from '#app/metrics/business-events.ts';
import type { SmsQueue } from '#app/modules/sms/index.ts';
import { createRateCounters, windowStartOf, type Cap } from '#app/security/rate-counters.ts';
import { createUserRepository } from '#app/modules/users/index.ts';
import { createCodeHasher, newCode } from './code-hash.ts';
import { createPhoneCodeRepository, type PhoneCode, type PhonePurpose } from './repository.ts';
import type { ServiceContext } from '#app/service-context.ts';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** security.md's rules for texted codes. */
export const codeRules = {
  validMs: 5 * 60_000,
  resendAfterMs: 15_000,
  wrongGuessesPerCode: 5,
  wrongGuessesPerPhonePerDay: 10,
  /** How long a confirmed code can still be spent by registration or a password restore. */
  confirmationValidMs: 30 * 60_000,
};

const phoneGuessCap: Cap = { limit: codeRules.wrongGuessesPerPhonePerDay, windowMs: dayMs };
const guessKeyOf = (phone: string) => `code-guess:phone:${phone}`;

/**
 * Spends the phone's code of `purpose` confirmed in the last 30 minutes (one use only, for
 * registration or a password restore); answers when it was confirmed, or undefined when there
 * is none. Pass the transaction's handle to spend it together with what it allows.
 */
export function spendConfirmedCode(
  db: Database,
  phone: string,
  purpose: PhonePurpose,
  now: Date,
): Promise<Date | undefined> {
  return createPhoneCodeRepository(db).consumeConfirmed(phone, purpose, {
    confirmedSince: confirmationValidSince(now),
    now,
  });
}

/** Whether the phone has a code of `purpose` confirmed in the last 30 minutes, unspent. */
export function hasConfirmedCode(
  db: Database,
  phone: string,
  purpose: PhonePurpose,
  now: Date,
): Promise<boolean> {
  return createPhoneCodeRepository(db).hasConfirmed(phone, purpose, confirmationValidSince(now));
}

/** What a bound code is for: signing a contract or withdrawing from one. */
export type BoundPurpose = Exclude<CodePurpose, PhonePurpose>;

/**
 * A code bound to what it was sent for: `subject` names the application and, for a signature,
 * the document's SHA-256, so the code serves nothing else.
 */
export interface BoundCode {
  phone: string;
  purpose: BoundPurpose;
  subject: string;
}

/** A bound code the customer typed right, still to be spent (`spendBoundCode`). */
export interface MatchedCode {
  id: number;
  codeHash: string;
  /** When it was texted. */
  sentAt: Date;
}

/**
 * Spends a matched bound code: one use only, in one conditional update; false when it was spent
 * (a request racing this one), replaced, locked or expired since it matched. Pass the
 * transaction's handle to spend it together with what it allows.
 */
export function spendBoundCode(db: Database, code: MatchedCode, now: Date): Promise<boolean> {
  return createPhoneCodeRepository(db).spend(
    code.id,
    code.codeHash,
    codeRules.wrongGuessesPerCode,
    now,
  );
}

function confirmationValidSince(now: Date): Date {
  return new Date(now.getTime() - codeRules.confirmationValidMs);
}

interface PhoneCodeDependencies extends ServiceContext {
  sms: SmsQueue;
  codeHashSecret: string;
  limits: SmsLimits;
  productName: string;
}

export function createPhoneCodeService({
  db,
  sms,
  clock,
  codeHashSecret,
  limits,
  productName,
  log,
}: PhoneCodeDependencies) {
  const codes = createPhoneCodeRepository(db);
  const users = createUserRepository(db);
  const counters = createRateCounters(db);
  const hasher = createCodeHasher(codeHashSecret);

  /** Registration needs a phone no account uses; a restore needs the phone of an account. */
  async function requireEligible(phone: string, purpose: PhonePurpose): Promise<void> {
    const registered = await users.isPhoneRegistered(phone);
    if (purpose === 'registration' && registered) {
      throw fieldError('phone', 'validation.phoneTaken');
    }
    if (purpose === 'restore_password' && !registered) {
      throw fieldError('phone', 'validation.phoneNotRegistered');
    }
  }

  /** The SMS caps, counted inside the sending transaction: a refused send counts nothing. */
  async function countSend(tx: Database, phone: string, ip: string, now: Date): Promise<void> {
    const sendCounters = createRateCounters(tx);
    const caps: [string, Cap, 'phone' | 'address'][] = [
      [`sms:phone:${phone}`, { limit: limits.perPhonePerDay, windowMs: dayMs }, 'phone'],
      [`sms:ip:${ip}`, { limit: limits.perAddressPerHour, windowMs: hourMs }, 'address'],
    ];
    for (const [key, cap, scope] of caps) {
      const hit = await sendCounters.hit(key, cap, now);
      if (!hit.allowed) {
        log.warn({ event: 'rate_limit_hit', limit: `sms_per_${scope}`, phone, ip }, 'SMS cap hit');
        throw new TooManyRequestsError(hit.retryAfterSeconds);
      }
    }
    const budget = await sendCounters.hit(
      'sms:all',
      { limit: limits.dailyBudget, windowMs: dayMs },
      now,
    );
    if (!budget.allowed) {
      log.error(
        { event: 'sms_budget_exhausted', alert: true, dailyBudget: limits.dailyBudget },
        'ALERT: the daily SMS budget is spent; no code is sent until the day ends',
      );
      throw new ServiceUnavailableError('sms');
    }
  }

  return {
    requireEligible,

    /**
     * Texts a new code for `purpose`, replacing the phone's previous one. Refused within 15 s
     * of the previous code and past the caps. The text is queued with the code: a gateway
     * outage delays it (until the code expires), it never fails the request.
     */
    async send(phone: string, purpose: PhonePurpose, ip: string): Promise<void> {
      await requireEligible(phone, purpose);
      await issue({ phone, purpose, subject: null }, ip, newCode(), (code) =>
        translate('sms.code', 'ka', { product: productName, code }),
      );
    },

    /**
     * Texts a six-digit code bound to `bound.subject`, in the words `textOf` gives it, under the
     * same rules as `send`: it replaces the phone's previous code of that purpose, 15 s apart.
     */
    sendBound(bound: BoundCode, ip: string, textOf: (code: string) => string): Promise<void> {
      return issue(bound, ip, newCode(6), textOf);
    },

    /**
     * The phone's live code of `bound.purpose`, when `code` is it and it was sent for
     * `bound.subject`; field errors under `code` otherwise (wrong guesses counted as `check`
     * counts them). Nothing is spent: `spendBoundCode` does that with what the code allows.
     */
    async matchBound(bound: BoundCode, code: string): Promise<MatchedCode> {
      const { phone, purpose, subject } = bound;
      const now = clock.now();
      await refuseLockedPhone(phone, now);
      const row = await codes.find(phone, purpose);
      if (!row || row.consumedAt !== null || row.expiresAt <= now) {
        throw fieldError('code', 'validation.codeExpired');
      }
      if (row.failedAttempts >= codeRules.wrongGuessesPerCode) {
        throw fieldError('code', 'validation.codeLocked');
      }
      if (row.subject !== subject) {
        log.info(
          { event: 'code_failed', phone, purpose, reason: 'other_subject' },
          'code for another subject',
        );
        throw fieldError('code', 'validation.codeForAnotherDocument');
      }
      if (!hasher.matches(row.codeHash, phone, purpose, code, subject)) {
        return countWrongGuess(row, phone, now);
      }
      log.info({ event: 'code_verified', phone, purpose }, 'code verified');
      return { id: row.id, codeHash: row.codeHash, sentAt: row.createdAt };
    },

    /**
     * Confirms the phone with the texted code: the phone's latest live code (of `purpose`, when
     * named), which confirms what it was sent for. Wrong guesses are capped per code and per day.
     */
    async check(phone: string, code: string, purpose?: PhonePurpose): Promise<void> {
      const now = clock.now();
      await refuseLockedPhone(phone, now);
      const row = await codes.latestLive(phone, purpose, now);
      if (!row) throw fieldError('code', 'validation.codeExpired');
      if (row.failedAttempts >= codeRules.wrongGuessesPerCode) {
        throw fieldError('code', 'validation.codeLocked');
      }
      if (hasher.matches(row.codeHash, phone, row.purpose, code, null)) {
        if (row.confirmedAt !== null) return;
        if (!(await codes.confirm(row.id, codeRules.wrongGuessesPerCode, now))) {
          throw fieldError('code', 'validation.codeLocked');
        }
        log.info({ event: 'code_verified', phone, purpose: row.purpose }, 'code verified');
        return;
      }
      await countWrongGuess(row, phone, now);
    },
  };

  /**
   * Texts `code` in the words `textOf` gives it, stored as the phone's code of the purpose in
   * place of the previous one: refused within 15 s of that one, and past the SMS caps.
   */
  async function issue(
    { phone, purpose, subject }: { phone: string; purpose: CodePurpose; subject: string | null },
    ip: string,
    code: string,
    textOf: (code: string) => string,
  ): Promise<void> {
    const now = clock.now();
    const codeHash = hasher.hash(phone, purpose, code, subject);
    const queued = await db.transaction(async (tx) => {
      const txCodes = createPhoneCodeRepository(tx);
      const replaced = await txCodes.replace(
        {
          phone,
          purpose,
          codeHash,
          subject,
          sentIp: ip,
          now,
          expiresAt: new Date(now.getTime() + codeRules.validMs),
        },
        new Date(now.getTime() - codeRules.resendAfterMs),
      );
      if (!replaced) {
        const previous = await txCodes.find(phone, purpose);
        const sentAgo = now.getTime() - (previous?.createdAt.getTime() ?? 0);
        log.info(
          { event: 'rate_limit_hit', limit: 'code_resend', phone, purpose },
          'resend too soon',
        );
        throw new TooManyRequestsError((codeRules.resendAfterMs - sentAgo) / 1000, {
          messageKey: 'errors.resendTooSoon',
        });
      }
      await countSend(tx, phone, ip, now);
      return sms.queue(tx, { phone, text: textOf(code), expiresAt: replaced.expiresAt });
    });
    await sms.sendNow(queued);
    recordEvent(log, 'code_sent', { phone, purpose }, 'code sent');
  }

  /** 429 once the phone's wrong guesses of the day are spent, before any code is compared. */
  async function refuseLockedPhone(phone: string, now: Date): Promise<void> {
    const allowance = await counters.peek(guessKeyOf(phone), phoneGuessCap, now);
    if (!allowance.allowed) throw phoneLocked(phone, allowance.retryAfterSeconds);
  }

  /**
   * Counts a wrong guess against `row` and the phone's day, atomically, and throws what the
   * customer is told: the code is wrong, the code is dead, or the phone is done for the day.
   */
  async function countWrongGuess(row: PhoneCode, phone: string, now: Date): Promise<never> {
    const guessKey = guessKeyOf(phone);
    const counted = await codes.countWrongGuess(row.id, codeRules.wrongGuessesPerCode, {
      key: guessKey,
      windowStart: windowStartOf(now, phoneGuessCap.windowMs),
      limit: phoneGuessCap.limit,
    });
    if (counted.failedAttempts === undefined) throw fieldError('code', 'validation.codeLocked');
    log.warn(
      {
        event: 'code_failed',
        phone,
        purpose: row.purpose,
        failedAttempts: counted.failedAttempts,
      },
      'wrong code',
    );
    if (!counted.phoneCounted) {
      const { retryAfterSeconds } = await counters.peek(guessKey, phoneGuessCap, now);
      throw phoneLocked(phone, retryAfterSeconds);
    }
    if (counted.failedAttempts >= codeRules.wrongGuessesPerCode) {
      log.warn(
        { event: 'code_locked', phone, purpose: row.purpose },
        'code locked after wrong guesses',
      );
      throw fieldError('code', 'validation.codeLocked');
    }
    throw fieldError('code', 'validation.codeWrong');
  }

  function phoneLocked(phone: string, retryAfterSeconds: number): TooManyRequestsError {
    log.warn({ event: 'code_locked', phone, scope: 'phone_per_day' }, 'daily code guesses spent');
    return new TooManyRequestsError(retryAfterSeconds, {
      fields: { code: [{ key: 'validation.codeGuessesExhausted' }] },
    });
  }
}

export type PhoneCodeService = ReturnType<typeof createPhoneCodeService>;
