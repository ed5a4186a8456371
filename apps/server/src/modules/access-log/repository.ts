import type { AccessLogEntry } from '@sesxi/contract';
import { arrayContains, count, desc, eq } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { accessLog, users } from '#app/db/schema.ts';

export type AccessAction = AccessLogEntry['action'];

/** One read of customers' personal data by support staff. */
export interface Access {
  actorUserId: number;
  subjectUserIds: number[];
  action: AccessAction;
  /** What was asked for (search, page), never the data that was answered. */
  details: Record<string, unknown>;
  ip: string;
  at: Date;
}

/**
 * The access log Georgia's personal-data law asks for: rows are only ever added (the database
 * refuses UPDATE, DELETE and TRUNCATE on the table).
 */
export function createAccessLogRepository(db: Database) {
  return {
    async append({ at, ...access }: Access): Promise<void> {
      await db.insert(accessLog).values({ ...access, createdAt: at });
    },

    /** Who read one customer's data, newest first, with the total of such reads. */
    async pageForSubject(
      subjectUserId: number,
      { limit, offset }: { limit: number; offset: number },
    ) {
      const aboutSubject = arrayContains(accessLog.subjectUserIds, [subjectUserId]);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: accessLog.id,
            action: accessLog.action,
            ip: accessLog.ip,
            createdAt: accessLog.createdAt,
            actorId: users.id,
            actorName: users.name,
            actorSurname: users.surname,
          })
          .from(accessLog)
          .innerJoin(users, eq(users.id, accessLog.actorUserId))
          .where(aboutSubject)
          .orderBy(desc(accessLog.createdAt), desc(accessLog.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(accessLog).where(aboutSubject),
      ]);
      return { rows, total: total?.total ?? 0 };
    },
  };
}

export type AccessLogRepository = ReturnType<typeof createAccessLogRepository>;
