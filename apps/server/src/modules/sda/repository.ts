import { and, eq } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { users } from '#app/db/schema.ts';

/** A customer's passage through the personal-data check: each step one conditional statement. */
export function createSdaRepository(db: Database) {
  const unverifiedCustomer = (userId: number) =>
    and(eq(users.id, userId), eq(users.isSdaVerified, false), eq(users.isStaff, false));

  return {
    /** Marks a customer SDA-verified; false when someone else already did. */
    async markVerified(userId: number, now: Date): Promise<boolean> {
      const marked = await db
        .update(users)
        .set({ isSdaVerified: true, updatedAt: now })
        .where(unverifiedCustomer(userId))
        .returning({ id: users.id });
      return marked.length > 0;
    },

    /**
     * Deletes a customer the registry refused, with everything that hangs on the account
     * (sessions, consents, sign-ins: the foreign keys cascade). A verified account is never
     * deleted here.
     */
    async deleteUnverified(userId: number): Promise<boolean> {
      const deleted = await db
        .delete(users)
        .where(unverifiedCustomer(userId))
        .returning({ id: users.id });
      return deleted.length > 0;
    },
  };
}
