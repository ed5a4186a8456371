import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { aliasedColumns, columnDecoder, preparedSql } from '#app/db/prepared.ts';
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
 * (unless it is a service account's long-lived one), matches nothing. Raw SQL rather than the
 * query builder: every authenticated request runs it, and the builder's row mapping cost more
 * than the rest of the lookup.
 */
const resolveStatement = preparedSql<ResolvedRow>(
  'session_resolve',
  sql`select ${sessions.id} as "sessionId", ${sessions.lastUsedAt} as "lastUsedAt",
      ${aliasedColumns(profileColumns)},
      exists (select 1 from ${questionnaires} where ${questionnaires.userId} = ${users.id})
        as "hasQuestionnaire"
    from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
    where ${sessions.tokenHash} = ${sql.placeholder('tokenHash')}
      and ${sessions.revokedAt} is null
      and (${sessions.longLived}
        or (${sessions.lastUsedAt} > ${sql.placeholder('idleSince')}
          and ${sessions.createdAt} > ${sql.placeholder('begunSince')}))`,
);

type ResolvedRow = Omit<ResolvedSession, 'user'> & ResolvedSession['user'];

const decodeResolved = columnDecoder({ lastUsedAt: sessions.lastUsedAt, ...profileColumns });

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
      const [row] = await resolveStatement(db, { tokenHash, idleSince, begunSince });
      if (!row) return undefined;
      decodeResolved(row);
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
