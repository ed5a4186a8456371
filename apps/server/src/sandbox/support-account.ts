import type { Database } from '#app/db/database.ts';
import { users } from '#app/db/schema.ts';
import { hashPassword } from '#app/security/password-hashing.ts';

/** sandbox.md's support account; production makes support accounts with `npm run support:create`. */
export const sandboxSupportAccount = {
  phone: '599000001',
  password: 'Support-2026',
  name: 'თამარ',
  surname: 'ლომიძე',
};

/** Adds the support account unless its phone is taken; never changes an existing row. */
export async function seedSupportAccount(db: Database): Promise<void> {
  const { phone, password, name, surname } = sandboxSupportAccount;
  await db
    .insert(users)
    .values({ name, surname, phone, passwordHash: await hashPassword(password), isSupport: true })
    .onConflictDoNothing({ target: users.phone });
}
