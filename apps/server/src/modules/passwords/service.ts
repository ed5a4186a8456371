import { translate } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { fieldError } from '#app/errors.ts';
import type { SmsQueue } from '#app/modules/sms/index.ts';
import { refuseCommonPassword } from '#app/security/common-passwords.ts';
import { hashPassword, verifyPassword } from '#app/security/password-hashing.ts';
import { randomPassword } from '#app/security/random-password.ts';
import { hasConfirmedCode, spendConfirmedCode } from '#app/modules/phone-codes/index.ts';
import { createSessionRepository } from '#app/modules/sessions/index.ts';
import { createUserRepository, type UserProfile } from '#app/modules/users/index.ts';
import type { ServiceContext } from '#app/service-context.ts';

interface PasswordDependencies extends ServiceContext {
  sms: SmsQueue;
  productName: string;
}

export function createPasswordService({ db, sms, clock, productName, log }: PasswordDependencies) {
  /** Sets the password and ends every session of the user, together. */
  async function replacePassword(tx: Database, user: UserProfile, passwordHash: string, now: Date) {
    await createUserRepository(tx).setPasswordHash(user.id, passwordHash, now);
    return createSessionRepository(tx).revokeAllOf(user.id, now);
  }

  return {
    /**
     * A new password of the user's choosing; every session ends, this one included. A
     * temporary password must be replaced by another.
     */
    async change(user: UserProfile, password: string): Promise<void> {
      refuseCommonPassword(password);
      if (user.mustChangePassword) {
        const current = await createUserRepository(db).byId(user.id);
        if (await verifyPassword(current?.passwordHash, password)) {
          throw fieldError('password', 'validation.passwordSameAsTemporary');
        }
      }
      const passwordHash = await hashPassword(password);
      const revoked = await db.transaction((tx) =>
        replacePassword(tx, user, passwordHash, clock.now()),
      );
      log.info({ event: 'password_changed', userId: user.id }, 'password changed');
      log.info({ event: 'token_revoked', userId: user.id, sessions: revoked }, 'sessions ended');
    },

    /**
     * After a confirmed restore code, sets a new random password, ends every session and
     * queues the text that tells it, together: a gateway outage delays the text, never loses it.
     */
    async restore(phone: string): Promise<void> {
      const now = clock.now();
      const user = await createUserRepository(db).byPhone(phone);
      if (!user || !(await hasConfirmedCode(db, phone, 'restore_password', now))) {
        throw fieldError('phone', 'validation.phoneNotConfirmed');
      }
      const password = randomPassword();
      const passwordHash = await hashPassword(password);
      const { revoked, text } = await db.transaction(async (tx) => {
        const spent = await spendConfirmedCode(tx, phone, 'restore_password', now);
        if (!spent) throw fieldError('phone', 'validation.phoneNotConfirmed');
        return {
          revoked: await replacePassword(tx, user, passwordHash, now),
          text: await sms.queue(tx, {
            phone,
            text: translate('sms.newPassword', 'ka', { product: productName, password }),
          }),
        };
      });
      await sms.sendNow(text);
      log.info({ event: 'password_restored', userId: user.id }, 'password restored');
      log.info({ event: 'token_revoked', userId: user.id, sessions: revoked }, 'sessions ended');
    },
  };
}
