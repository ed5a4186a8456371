import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { StaffRole } from '@sesxi/contract';
import type { Database } from '#app/db/database.ts';
import { aliasedColumns, columnDecoder, preparedSql, type PreparedSql } from '#app/db/prepared.ts';
import { questionnaires, sessions, users } from '#app/db/schema.ts';
import { profileColumns, type UserProfile } from '#app/modules/users/index.ts';

/** A live session with its user and what the gates ask about them. */
export interface ResolvedSession {
  sessionId: number;
  lastUsedAt: Date;
  user: UserProfile & { hasQuestionnaire: boolean };
}

/**
 * What a session must be to resolve: used since `idleSince` and begun after `begunSince`
 * (unless it is a service account's long-lived one), and of a sandbox-seeded account only when
 * `sandboxAccounts` (sandbox mode).
 */
export interface SessionWindow {
  idleSince: Date;
  begunSince: Date;
  sandboxAccounts: boolean;
}

/**
 * Token hash → live session → user → the gates' facts, as one select that writes nothing: a
 * revoked session, one outside the window, or one of a disabled account matches nothing. Raw
 * SQL rather than the query builder: every authenticated request runs it, and the builder's
 * row mapping cost more than the rest of the lookup.
 */
function sessionSelect() {
  return sql`select ${sessions.id} as "sessionId", ${sessions.lastUsedAt} as "lastUsedAt",
      ${aliasedColumns(profileColumns)},
      exists (select 1 from ${questionnaires} where ${questionnaires.userId} = ${users.id})
        as "hasQuestionnaire"
    from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
    where ${sessions.tokenHash} = ${sql.placeholder('tokenHash')}
      and ${sessions.revokedAt} is null
      and ${users.disabledAt} is null
      and (not ${users.isSandbox} or ${sql.placeholder('sandboxAccounts')})
      and (${sessions.longLived}
        or (${sessions.lastUsedAt} > ${sql.placeholder('idleSince')}
          and ${sessions.createdAt} > ${sql.placeholder('begunSince')}))`;
}

const resolveStatement = preparedSql<ResolvedRow>('session_resolve', sessionSelect());

/**
 * The session statement's row as a table for a SessionRead's `with`: one row for a live
 * session, none otherwise.
 */
export const signedIn = sql.identifier('signed_in');

/**
 * The signed-in user's id in a SessionRead's `rows`, which are read for the session's row
 * (in `with`, select it from `signedIn`). A column reference rather than a subquery, so that a
 * read without `with` leaves the session's select inlined, as fast as the plain lookup.
 */
export const signedInUserId = sql`${signedIn}."id"`;

/**
 * Whether the session statement's user holds `role` and may use it: false when there is no
 * live session, and while the account must change its temporary password first.
 */
export function signedInHasRole(role: StaffRole): SQL {
  return sql`exists (select 1 from ${signedIn}
    where ${role}::text = any(${signedIn}."roles") and not ${signedIn}."mustChangePassword")`;
}

/**
 * A route's read done with the session lookup, in its statement: rows of the session's user
 * that a route shows whenever its gates let the request through, so that the request costs
 * one round trip instead of two. The rows are read before the gates are asked (they are the
 * user's own, or gated in SQL on what the gates ask, and are dropped when a gate refuses), and
 * only for a live session.
 */
export interface SessionRead<Row> {
  readonly statement: PreparedSql<ReadRow<Row>>;
  decodeRow(row: Row): void;
}

type ReadRow<Row> = ResolvedRow & { alongside: Row[] };

/**
 * A SessionRead prepared under `name`: `rows` is a select for the signed-in user
 * (`signedInUserId`), whose rows come back as a JSON array, ordered by `orderBy` (expressions
 * over the select's columns, as `"read"."column"`; none for a select of one row); `decodeRow`
 * puts a row's JSON values in their types. `with` adds common table expressions after the
 * session's own (`signedIn`), which `rows` may read: a data-modifying one (a log row of the
 * read) runs exactly once, to completion, in the statement's transaction, so it must be gated
 * in SQL on the session (`signedInHasRole`) to write nothing for a request the route's gates
 * refuse. The values of the statement's other placeholders come with the request
 * (`resolveWith`'s `values`).
 */
export function sessionRead<Row>(
  name: string,
  {
    with: routeCtes,
    rows,
    orderBy,
    decodeRow,
  }: { with?: SQL; rows: SQL; orderBy?: SQL; decodeRow: (row: Row) => void },
): SessionRead<Row> {
  const statement = sql`with ${signedIn} as (${sessionSelect()})${
    routeCtes === undefined ? sql`` : sql`, ${routeCtes}`
  }
    select ${signedIn}.*, coalesce(
      (select json_agg("read"${orderBy === undefined ? sql`` : sql` order by ${orderBy}`})
        from (${rows}) as "read"), '[]') as "alongside"
    from ${signedIn}`;
  return { statement: preparedSql<ReadRow<Row>>(name, statement), decodeRow };
}

type ResolvedRow = Omit<ResolvedSession, 'user'> & ResolvedSession['user'];

const decodeResolved = columnDecoder({ lastUsedAt: sessions.lastUsedAt, ...profileColumns });

function sessionOf(row: ResolvedRow): ResolvedSession {
  decodeResolved(row);
  const { sessionId, lastUsedAt, ...user } = row;
  return { sessionId, lastUsedAt, user };
}

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

    async resolve(tokenHash: string, window: SessionWindow): Promise<ResolvedSession | undefined> {
      const [row] = await resolveStatement(db, { tokenHash, ...window });
      return row && sessionOf(row);
    },

    /**
     * resolve, with `read`'s rows of the session's user from the same statement; `values` are
     * those of the read's own placeholders.
     */
    async resolveWith<Row>(
      tokenHash: string,
      window: SessionWindow,
      read: SessionRead<Row>,
      values: Record<string, unknown> = {},
    ): Promise<(ResolvedSession & { alongside: Row[] }) | undefined> {
      const [row] = await read.statement(db, { ...values, tokenHash, ...window });
      if (!row) return undefined;
      const { alongside, ...resolved } = row;
      for (const readRow of alongside) read.decodeRow(readRow);
      return { ...sessionOf(resolved), alongside };
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
