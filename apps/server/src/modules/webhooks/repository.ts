import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { jobs } from '#app/db/schema.ts';
import { deliverWebhookJob } from './events.ts';

export function createWebhookRepository(db: Database) {
  return {
    /** The number of the key's next event: deliveries are never pruned, so it only grows. */
    async nextSequence(orderingKey: string): Promise<number> {
      const [row] = await db
        .select({
          next: sql`coalesce(max((${jobs.payload} #>> '{data,sequence}')::int), 0) + 1`.mapWith(
            Number,
          ),
        })
        .from(jobs)
        .where(and(eq(jobs.kind, deliverWebhookJob), eq(jobs.orderingKey, orderingKey)));
      return row?.next ?? 1;
    },
  };
}
