import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { ssoTransactions } from '#app/db/schema.ts';
import type { SignInChecks, VerifiedIdentity } from '#app/integrations/sso/identity-provider.ts';

export type SsoContext = (typeof ssoTransactions.$inferSelect)['context'];

export interface NewTransaction extends SignInChecks {
  tokenHash: string;
  context: SsoContext;
  loanId: number | null;
  userId: number | null;
  now: Date;
  expiresAt: Date;
}

const identityColumns = {
  givenName: ssoTransactions.givenName,
  familyName: ssoTransactions.familyName,
  personalNumber: ssoTransactions.personalNumber,
};

/** A completed transaction's identity; the columns are set together on completion. */
function identityOf(row: {
  givenName: string | null;
  familyName: string | null;
  personalNumber: string | null;
}): VerifiedIdentity | undefined {
  const { givenName, familyName, personalNumber } = row;
  if (givenName === null || familyName === null || personalNumber === null) return undefined;
  return { givenName, familyName, personalNumber };
}

export function createSsoRepository(db: Database) {
  /** Completed, not yet used by registration, and still within its time. */
  const usable = (tokenHash: string, now: Date) =>
    and(
      eq(ssoTransactions.tokenHash, tokenHash),
      isNotNull(ssoTransactions.completedAt),
      isNull(ssoTransactions.consumedAt),
      gt(ssoTransactions.expiresAt, now),
    );

  return {
    async insert({ now, ...transaction }: NewTransaction): Promise<void> {
      await db.insert(ssoTransactions).values({ ...transaction, createdAt: now });
    },

    /** A transaction waiting for the provider's answer. */
    async findPending(tokenHash: string, now: Date) {
      const [row] = await db
        .select()
        .from(ssoTransactions)
        .where(
          and(
            eq(ssoTransactions.tokenHash, tokenHash),
            isNull(ssoTransactions.completedAt),
            gt(ssoTransactions.expiresAt, now),
          ),
        );
      return row;
    },

    /** Whether the transaction behind the token was completed already (its code is spent). */
    async wasCompleted(tokenHash: string): Promise<boolean> {
      const [row] = await db
        .select({ id: ssoTransactions.id })
        .from(ssoTransactions)
        .where(
          and(eq(ssoTransactions.tokenHash, tokenHash), isNotNull(ssoTransactions.completedAt)),
        );
      return row !== undefined;
    },

    /**
     * Stores the verified identity, once: a transaction already completed matches nothing, so
     * of two callbacks racing with one token only one succeeds.
     */
    async complete(
      id: number,
      identity: VerifiedIdentity,
      { now, usableUntil }: { now: Date; usableUntil: Date },
    ): Promise<boolean> {
      const completed = await db
        .update(ssoTransactions)
        .set({ ...identity, completedAt: now, expiresAt: usableUntil })
        .where(and(eq(ssoTransactions.id, id), isNull(ssoTransactions.completedAt)))
        .returning({ id: ssoTransactions.id });
      return completed.length > 0;
    },

    async findIdentity(tokenHash: string, now: Date): Promise<VerifiedIdentity | undefined> {
      const [row] = await db
        .select(identityColumns)
        .from(ssoTransactions)
        .where(usable(tokenHash, now));
      return row && identityOf(row);
    },

    /** Spends a completed transaction of `context` and answers its identity (one use only). */
    async consumeIdentity(
      tokenHash: string,
      context: SsoContext,
      now: Date,
    ): Promise<VerifiedIdentity | undefined> {
      const [row] = await db
        .update(ssoTransactions)
        .set({ consumedAt: now })
        .where(and(usable(tokenHash, now), eq(ssoTransactions.context, context)))
        .returning(identityColumns);
      return row && identityOf(row);
    },

    /**
     * Spends a completed loan-context transaction that `userId` started for `loanId` and answers
     * it: its id, its identity and when it was completed (one use only).
     */
    async consumeLoanIdentity(
      tokenHash: string,
      { userId, loanId }: { userId: number; loanId: number },
      now: Date,
    ) {
      const [row] = await db
        .update(ssoTransactions)
        .set({ consumedAt: now })
        .where(
          and(
            usable(tokenHash, now),
            eq(ssoTransactions.context, 'loan'),
            eq(ssoTransactions.userId, userId),
            eq(ssoTransactions.loanId, loanId),
          ),
        )
        .returning({
          ...identityColumns,
          id: ssoTransactions.id,
          completedAt: ssoTransactions.completedAt,
        });
      const identity = row && identityOf(row);
      if (!identity || !row.completedAt) return undefined;
      return { ...identity, id: row.id, completedAt: row.completedAt };
    },
  };
}

export type SsoRepository = ReturnType<typeof createSsoRepository>;
