import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { documentTypes, identomatChecks, users } from '#app/db/schema.ts';

export type IdentityCheck = typeof identomatChecks.$inferSelect;
export type CheckOutcome = NonNullable<IdentityCheck['outcome']>;

export function createIdentityCheckRepository(db: Database) {
  return {
    async documentTypeCode(documentTypeId: number): Promise<string | undefined> {
      const [type] = await db
        .select({ code: documentTypes.code })
        .from(documentTypes)
        .where(eq(documentTypes.id, documentTypeId));
      return type?.code;
    },

    async insertPending(userId: number, sessionToken: string, now: Date): Promise<void> {
      await db.insert(identomatChecks).values({ userId, sessionToken, createdAt: now });
    },

    /** One of the customer's checks; another customer's token finds nothing. */
    async findOf(userId: number, sessionToken: string): Promise<IdentityCheck | undefined> {
      const [check] = await db
        .select()
        .from(identomatChecks)
        .where(
          and(eq(identomatChecks.userId, userId), eq(identomatChecks.sessionToken, sessionToken)),
        );
      return check;
    },

    /**
     * Stores the provider's result and our outcome, once: of two visits racing with one token
     * only the first stores (and answers true). A success marks the customer verified in the
     * same transaction.
     */
    async complete(
      check: Pick<IdentityCheck, 'id' | 'userId'>,
      { result, outcome, now }: { result: unknown; outcome: CheckOutcome; now: Date },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const stored = await tx
          .update(identomatChecks)
          .set({ result, outcome, completedAt: now })
          .where(and(eq(identomatChecks.id, check.id), isNull(identomatChecks.completedAt)))
          .returning({ id: identomatChecks.id });
        if (stored.length === 0) return false;
        if (outcome === 'success') {
          await tx
            .update(users)
            .set({ isIdentomatVerified: true, updatedAt: now })
            .where(eq(users.id, check.userId));
        }
        return true;
      });
    },

    /** The customer's latest checks that have a result, newest first. */
    recentCompleted(userId: number, limit: number): Promise<IdentityCheck[]> {
      return db
        .select()
        .from(identomatChecks)
        .where(and(eq(identomatChecks.userId, userId), isNotNull(identomatChecks.completedAt)))
        .orderBy(desc(identomatChecks.createdAt), desc(identomatChecks.id))
        .limit(limit);
    },
  };
}

export type IdentityCheckRepository = ReturnType<typeof createIdentityCheckRepository>;
