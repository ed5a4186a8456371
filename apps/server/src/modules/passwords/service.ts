import type { Database } from '#app/db/database.ts';
import { fieldError } from '#app/errors.ts';
import type { SmsSender } from '#app/integrations/sms/sms-sender.ts';
import { refuseCommonPassword } from '#app/security/common-passwords.ts';
import { hashPassword } from '#app/security/password-hashing.ts';
import { randomPassword } from '#app/security/random-password.ts';
import { createPhoneCodeRepository } from '../phone-codes/repository.ts';
import { codeRules } from '../phone-codes/service.ts';
import { createSessionRepository } from '../sessions/repository.ts';
import { createUserRepository, type User } from '../users/repository.ts';
import type { ServiceContext } from '../service-context.ts';

interface PasswordDependencies extends ServiceContext {
  sms: SmsSender;
  productName: string;
}

export function createPasswordService({ db, sms, clock, productName, log }: PasswordDependencies) {
  /** Sets the password and ends every session of the user, together. */
  async function replacePassword(tx: Database, user: User, passwordHash: string, now: Date) {
    await createUserRepository(tx).setPasswordHash(user.id, passwordHash, now);
    return createSessionRepository(tx).revokeAllOf(user.id, now);
  }

  return {
    /** A new password of the user's choosing; every session ends, this one included. */
    async change(user: User, password: string): Promise<void> {
      refuseCommonPassword(password);
      const passwordHash = await hashPassword(password);
      const revoked = await db.transaction((tx) =>
        replacePassword(tx, user, passwordHash, clock.now()),
      );
      log.info({ event: 'password_changed', userId: user.id }, 'password changed');
      log.info({ event: 'token_revoked', userId: user.id, sessions: revoked }, 'sessions ended');
    },

    /**
     * After a confirmed restore code, texts a new random password and ends every session. The
     * text goes first: when the gateway fails nothing has changed and the code is not spent.
     */
    async restore(phone: string): Promise<void> {
      const now = clock.now();
      const confirmedSince = new Date(now.getTime() - codeRules.confirmationValidMs);
      const user = await createUserRepository(db).byPhone(phone);
      const codes = createPhoneCodeRepository(db);
      if (!user || !(await codes.hasConfirmed(phone, 'restore_password', confirmedSince))) {
        throw fieldError('phone', 'validation.phoneNotConfirmed');
      }
      const password = randomPassword();
      const passwordHash = await hashPassword(password);
      await sms.send(phone, `${productName}: თქვენი ახალი პაროლია ${password}`);
      const revoked = await db.transaction(async (tx) => {
        const spent = await createPhoneCodeRepository(tx).consumeConfirmed(
          phone,
          'restore_password',
          { confirmedSince, now },
        );
        if (!spent) throw fieldError('phone', 'validation.phoneNotConfirmed');
        return replacePassword(tx, user, passwordHash, now);
      });
      log.info({ event: 'password_restored', userId: user.id }, 'password restored');
      log.info({ event: 'token_revoked', userId: user.id, sessions: revoked }, 'sessions ended');
    },
  };
}
