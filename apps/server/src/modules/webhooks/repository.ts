import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#app/db/database.ts';
import { jobs } from '#app/db/schema.ts';
import { deliverWebhookJob } from './events.ts';

export function createWebhookRepository(db: Database) {
  return {
    /**
     * The number of each key's next event, in one statement: deliveries are never pruned, so
     * it only grows.
     */
    async nextSequences(orderingKeys: readonly string[]): Promise<Map<string, number>> {
      const rows = await db
        .select({
          key: sql<string>`${jobs.orderingKey}`,
          last: sql`max((${jobs.payload} #>> '{data,sequence}')::int)`.mapWith(Number),
        })
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, deliverWebhookJob),
            sql`${jobs.orderingKey} = any(${sql.param(orderingKeys)}::text[])`,
          ),
        )
        .groupBy(jobs.orderingKey);
      const last = new Map(rows.map(({ key, last }) => [key, last]));
      return new Map(orderingKeys.map((key) => [key, (last.get(key) ?? 0) + 1]));
    },
  };
}
