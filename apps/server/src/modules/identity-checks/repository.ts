import { and, eq, getTableColumns, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { aliasedColumns, columnDecoder } from '#app/db/prepared.ts';
import { documentTypes, identomatChecks, users } from '#app/db/schema.ts';

export type IdentityCheck = typeof identomatChecks.$inferSelect;
export type CheckOutcome = NonNullable<IdentityCheck['outcome']>;

const checkColumns = getTableColumns(identomatChecks);

/**
 * The customer `userId`'s latest `limit` checks that have a result, newest first: a select of
 * every column under its field name, for a read that nests them (as JSON, decoded with
 * `decodeCheck`).
 */
export function latestCompletedChecks(userId: SQLWrapper, limit: SQLWrapper): SQL {
  return sql`select ${aliasedColumns(checkColumns)} from ${identomatChecks}
    where ${identomatChecks.userId} = ${userId} and ${identomatChecks.completedAt} is not null
    order by ${identomatChecks.createdAt} desc, ${identomatChecks.id} desc
    limit ${limit}`;
}

/** A check read as JSON (latestCompletedChecks'), its columns as their driver values. */
export const decodeCheck = columnDecoder(checkColumns);

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
  };
}

export type IdentityCheckRepository = ReturnType<typeof createIdentityCheckRepository>;
