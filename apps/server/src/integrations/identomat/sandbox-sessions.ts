import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { sandboxIdentomatSessions } from '#app/db/schema.ts';
import type { DocumentHolder } from './document-verifier.ts';

export type SandboxSession = typeof sandboxIdentomatSessions.$inferSelect;

/** The sandbox Identomat's own records: the sessions it began and whether they were finished. */
export function createSandboxIdentomatSessions(db: Database) {
  return {
    async begin(sessionToken: string, holder: DocumentHolder): Promise<void> {
      await db.insert(sandboxIdentomatSessions).values({ sessionToken, ...holder });
    },

    async find(sessionToken: string): Promise<SandboxSession | undefined> {
      const [session] = await db
        .select()
        .from(sandboxIdentomatSessions)
        .where(eq(sandboxIdentomatSessions.sessionToken, sessionToken));
      return session;
    },

    /** The person finished the steps; a second submit changes nothing. */
    async finish(sessionToken: string, now: Date): Promise<void> {
      await db
        .update(sandboxIdentomatSessions)
        .set({ completedAt: now })
        .where(
          and(
            eq(sandboxIdentomatSessions.sessionToken, sessionToken),
            isNull(sandboxIdentomatSessions.completedAt),
          ),
        );
    },
  };
}

export type SandboxIdentomatSessions = ReturnType<typeof createSandboxIdentomatSessions>;
