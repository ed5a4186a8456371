import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { sessions } from '#app/db/schema.ts';

export function createSessionRepository(db: Database) {
  return {
    async insert(session: { tokenHash: string; userId: number; now: Date }): Promise<void> {
      await db.insert(sessions).values({
        tokenHash: session.tokenHash,
        userId: session.userId,
        createdAt: session.now,
        lastUsedAt: session.now,
      });
    },

    /**
     * Slides a live session's last use to `now` and names its user, in one conditional update:
     * a revoked session, or one idle since `idleSince` or begun before `begunSince`, matches
     * nothing.
     */
    async touch(
      tokenHash: string,
      { now, idleSince, begunSince }: { now: Date; idleSince: Date; begunSince: Date },
    ): Promise<{ sessionId: number; userId: number } | undefined> {
      const [session] = await db
        .update(sessions)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.lastUsedAt, idleSince),
            gt(sessions.createdAt, begunSince),
          ),
        )
        .returning({ sessionId: sessions.id, userId: sessions.userId });
      return session;
    },

    async revoke(sessionId: number, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Revokes every live session of a user; answers how many there were. */
    async revokeAllOf(userId: number, now: Date): Promise<number> {
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return revoked.length;
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
