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
import { createPhoneCodeRepository } from './repository.ts';
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

/**
 * Spends the phone's code of `purpose` confirmed in the last 30 minutes (one use only, for
 * registration or a password restore); answers when it was confirmed, or undefined when there
 * is none. Pass the transaction's handle to spend it together with what it allows.
 */
export function spendConfirmedCode(
  db: Database,
  phone: string,
  purpose: CodePurpose,
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
  purpose: CodePurpose,
  now: Date,
): Promise<boolean> {
  return createPhoneCodeRepository(db).hasConfirmed(phone, purpose, confirmationValidSince(now));
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
  async function requireEligible(phone: string, purpose: CodePurpose): Promise<void> {
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
    async send(phone: string, purpose: CodePurpose, ip: string): Promise<void> {
      await requireEligible(phone, purpose);
      const now = clock.now();
      const code = newCode();
      const codeHash = hasher.hash(phone, purpose, code);
      const queued = await db.transaction(async (tx) => {
        const txCodes = createPhoneCodeRepository(tx);
        const replaced = await txCodes.replace(
          {
            phone,
            purpose,
            codeHash,
            sentIp: ip,
            now,
            expiresAt: new Date(now.getTime() + codeRules.validMs),
          },
          new Date(now.getTime() - codeRules.resendAfterMs),
        );
        if (!replaced) {
          const previous = await txCodes.find(phone, purpose);
          const sentAgo = now.getTime() - (previous?.createdAt.getTime() ?? 0);
          log.info({ event: 'rate_limit_hit', limit: 'code_resend', phone }, 'resend too soon');
          throw new TooManyRequestsError((codeRules.resendAfterMs - sentAgo) / 1000, {
            messageKey: 'errors.resendTooSoon',
          });
        }
        await countSend(tx, phone, ip, now);
        return sms.queue(tx, {
          phone,
          text: translate('sms.code', 'ka', { product: productName, code }),
          expiresAt: replaced.expiresAt,
        });
      });
      await sms.sendNow(queued);
      recordEvent(log, 'code_sent', { phone, purpose }, 'code sent');
    },

    /**
     * Confirms the phone with the texted code: the phone's latest live code (of `purpose`, when
     * named), which confirms what it was sent for. Wrong guesses are capped per code and per day.
     */
    async check(phone: string, code: string, purpose?: CodePurpose): Promise<void> {
      const now = clock.now();
      const guessKey = `code-guess:phone:${phone}`;
      const allowance = await counters.peek(guessKey, phoneGuessCap, now);
      if (!allowance.allowed) throw phoneLocked(phone, allowance.retryAfterSeconds);

      const row = await codes.latestLive(phone, purpose, now);
      if (!row) throw fieldError('code', 'validation.codeExpired');
      if (row.failedAttempts >= codeRules.wrongGuessesPerCode) {
        throw fieldError('code', 'validation.codeLocked');
      }
      if (hasher.matches(row.codeHash, phone, row.purpose, code)) {
        if (row.confirmedAt !== null) return;
        if (!(await codes.confirm(row.id, codeRules.wrongGuessesPerCode, now))) {
          throw fieldError('code', 'validation.codeLocked');
        }
        log.info({ event: 'code_verified', phone, purpose: row.purpose }, 'code verified');
        return;
      }

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
    },
  };

  function phoneLocked(phone: string, retryAfterSeconds: number): TooManyRequestsError {
    log.warn({ event: 'code_locked', phone, scope: 'phone_per_day' }, 'daily code guesses spent');
    return new TooManyRequestsError(retryAfterSeconds, {
      fields: { code: [{ key: 'validation.codeGuessesExhausted' }] },
    });
  }
}

export type PhoneCodeService = ReturnType<typeof createPhoneCodeService>;
