import { eq } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { users } from '#app/db/schema.ts';

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * A user as requests see them: every column but the password hash (read only where a
 * password is checked or changed) and the search text.
 */
export const profileColumns = {
  id: users.id,
  name: users.name,
  surname: users.surname,
  identityNumber: users.identityNumber,
  documentTypeId: users.documentTypeId,
  documentNumber: users.documentNumber,
  phone: users.phone,
  phoneVerifiedAt: users.phoneVerifiedAt,
  isSdaVerified: users.isSdaVerified,
  isIdentomatVerified: users.isIdentomatVerified,
  roles: users.roles,
  isStaff: users.isStaff,
  isMachine: users.isMachine,
  disabledAt: users.disabledAt,
  mustChangePassword: users.mustChangePassword,
  isSandbox: users.isSandbox,
  lastSignedInAt: users.lastSignedInAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
export type UserProfile = Omit<User, 'passwordHash' | 'searchText'>;

export function createUserRepository(db: Database) {
  return {
    async byId(id: number): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, id));
      return user;
    },

    async byPhone(phone: string): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(eq(users.phone, phone));
      return user;
    },

    async isPhoneRegistered(phone: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
      return row !== undefined;
    },

    async isIdentityRegistered(identityNumber: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.identityNumber, identityNumber));
      return row !== undefined;
    },

    async insert(user: NewUser): Promise<User> {
      const [inserted] = await db.insert(users).values(user).returning();
      if (!inserted) throw new Error('inserting a user returned no row');
      return inserted;
    },

    /**
     * A password only the user knows (chosen, or texted to their phone by a restore): a
     * temporary one, which whoever made the account saw, no longer has to be changed.
     */
    async setPasswordHash(id: number, passwordHash: string, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash, mustChangePassword: false, updatedAt: now })
        .where(eq(users.id, id));
    },

    async recordSignIn(id: number, now: Date): Promise<void> {
      await db.update(users).set({ lastSignedInAt: now }).where(eq(users.id, id));
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
