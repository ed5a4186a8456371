import { and, eq, exists, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { prepared } from '#app/db/prepared.ts';
import { questionnaires, sessions, users } from '#app/db/schema.ts';
import { profileColumns, type UserProfile } from '#app/modules/users/repository.ts';

/** A live session with its user and what the gates ask about them. */
export interface ResolvedSession {
  sessionId: number;
  lastUsedAt: Date;
  user: UserProfile & { hasQuestionnaire: boolean };
}

/**
 * Token hash → live session → user → the gates' facts, in one prepared statement that writes
 * nothing: a revoked session, or one idle since `idleSince` or begun before `begunSince`
 * (unless it is a service account's long-lived one), matches nothing.
 */
const resolveStatement = prepared((db) =>
  db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      ...profileColumns,
      hasQuestionnaire: sql<boolean>`${exists(
        db
          .select({ one: sql`1` })
          .from(questionnaires)
          .where(eq(questionnaires.userId, users.id)),
      )}`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        or(
          sessions.longLived,
          and(
            gt(sessions.lastUsedAt, sql.placeholder('idleSince')),
            gt(sessions.createdAt, sql.placeholder('begunSince')),
          ),
        ),
      ),
    )
    .prepare('session_resolve'),
);

export function createSessionRepository(db: Database) {
  return {
    async insert(session: {
      tokenHash: string;
      userId: number;
      now: Date;
      longLived?: boolean;
    }): Promise<void> {
      await db.insert(sessions).values({
        tokenHash: session.tokenHash,
        userId: session.userId,
        createdAt: session.now,
        lastUsedAt: session.now,
        longLived: session.longLived ?? false,
      });
    },

    async resolve(
      tokenHash: string,
      { idleSince, begunSince }: { idleSince: Date; begunSince: Date },
    ): Promise<ResolvedSession | undefined> {
      const [row] = await resolveStatement(db).execute({ tokenHash, idleSince, begunSince });
      if (!row) return undefined;
      const { sessionId, lastUsedAt, ...user } = row;
      return { sessionId, lastUsedAt, user };
    },

    /** Moves a live session's last use forward to `now`. */
    async slide(sessionId: number, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ lastUsedAt: now })
        .where(
          and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), lt(sessions.lastUsedAt, now)),
        );
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
