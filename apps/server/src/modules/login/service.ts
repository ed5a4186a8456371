import type { SessionUser } from '@sesxi/contract';
import { fieldError, TooManyRequestsError } from '#app/errors.ts';
import { recordEvent } from '#app/metrics/business-events.ts';
import { verifyPassword } from '#app/security/password-hashing.ts';
import { createRateCounters, type Cap } from '#app/security/rate-counters.ts';
import type { SessionService } from '#app/modules/sessions/index.ts';
import { createUserRepository, sessionUserOf } from '#app/modules/users/index.ts';
import { createQuestionnaireRepository } from '#app/modules/questionnaires/index.ts';
import type { ServiceContext } from '#app/service-context.ts';

/**
 * Login attempts counted before any hashing: per phone against guessing one account's
 * password, per address (generously: carriers put many customers behind one) against
 * spraying many accounts. A success clears the phone's count.
 */
export const loginLimits = {
  perPhone: { limit: 10, windowMs: 15 * 60_000 } satisfies Cap,
  perAddress: { limit: 100, windowMs: 15 * 60_000 } satisfies Cap,
};

interface LoginDependencies extends ServiceContext {
  sessions: SessionService;
  /** Whether the sandbox seed's accounts may sign in (sandbox mode: their passwords are known). */
  sandboxAccounts: boolean;
  /** The costly argon2 check, which the throttles stand in front of. */
  checkPassword?: typeof verifyPassword;
}

export function createLoginService({
  db,
  sessions,
  clock,
  log,
  sandboxAccounts,
  checkPassword = verifyPassword,
}: LoginDependencies) {
  const users = createUserRepository(db);
  const counters = createRateCounters(db);

  return {
    /**
     * Signs in with phone and password. An unknown phone, a wrong password, a disabled account
     * and (in production) a sandbox-seeded one answer alike, and take alike long: the password
     * is checked first, against a throwaway hash when the phone is unknown.
     */
    async login(phone: string, password: string, ip: string): Promise<SessionUser> {
      const now = clock.now();
      const phoneKey = `login:phone:${phone}`;
      for (const [key, cap] of [
        [`login:ip:${ip}`, loginLimits.perAddress],
        [phoneKey, loginLimits.perPhone],
      ] as const) {
        const hit = await counters.hit(key, cap, now);
        if (!hit.allowed) {
          log.warn(
            { event: 'rate_limit_hit', limit: key.split(':')[1], phone, ip },
            'login throttled',
          );
          const minutes = Math.ceil(hit.retryAfterSeconds / 60);
          throw new TooManyRequestsError(hit.retryAfterSeconds, {
            fields: { password: [{ key: 'auth.throttled', params: { minutes } }] },
          });
        }
      }
      // A service account never signs in: its phone answers like an unknown one.
      const user = await users
        .byPhone(phone)
        .then((found) => (found?.isMachine ? undefined : found));
      const refusal = !(await checkPassword(user?.passwordHash, password))
        ? 'wrong_password'
        : user?.disabledAt
          ? 'disabled'
          : user?.isSandbox && !sandboxAccounts
            ? 'sandbox_account_in_production'
            : undefined;
      if (refusal || !user) {
        recordEvent(
          log,
          'login_failed',
          { phone, knownPhone: user !== undefined, reason: refusal },
          'login failed',
        );
        throw fieldError('password', 'auth.invalidCredentials');
      }
      await counters.reset(phoneKey, loginLimits.perPhone, now);
      await users.recordSignIn(user.id, now);
      recordEvent(log, 'login_succeeded', { userId: user.id }, 'signed in');
      const apiToken = await sessions.start(user.id);
      const hasQuestionnaire = await createQuestionnaireRepository(db).existsFor(user.id);
      return sessionUserOf(user, apiToken, hasQuestionnaire);
    },
  };
}
