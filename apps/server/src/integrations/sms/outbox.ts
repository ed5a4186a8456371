import { desc, eq } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { smsOutbox } from '#app/db/schema.ts';

/** How many messages the sandbox outbox shows for one phone. */
export const outboxPageSize = 50;

/** The sandbox's record of every text the product sent. */
export function createSmsOutbox(db: Database) {
  return {
    async add(phone: string, text: string): Promise<void> {
      await db.insert(smsOutbox).values({ phone, text });
    },

    /** The latest messages to one phone, newest first. */
    latestTo(phone: string) {
      return db
        .select({ phone: smsOutbox.phone, text: smsOutbox.text, createdAt: smsOutbox.createdAt })
        .from(smsOutbox)
        .where(eq(smsOutbox.phone, phone))
        .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
        .limit(outboxPageSize);
    },
  };
}

export type SmsOutbox = ReturnType<typeof createSmsOutbox>;
