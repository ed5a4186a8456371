DROP INDEX "jobs_due";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lease_token" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "ordering_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "dead_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_pending_by_ordering_key" ON "jobs" USING btree ("ordering_key","id") WHERE "jobs"."ordering_key" is not null and "jobs"."done_at" is null and "jobs"."dead_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_dead" ON "jobs" USING btree ("kind","dead_at") WHERE "jobs"."dead_at" is not null;--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null and "jobs"."dead_at" is null;--> statement-breakpoint
-- hand-written: webhook deliveries queued before this migration take the new shape (an event
-- id, the application's sequence) and its ordering key, numbered in the order they were queued.
WITH numbered AS (
  SELECT id, row_number() OVER (PARTITION BY payload->>'application_id' ORDER BY id) AS sequence
  FROM jobs
  WHERE kind = 'webhook.deliver' AND payload->>'event' IS NOT NULL
)
UPDATE jobs SET
  ordering_key = 'application:' || (jobs.payload->>'application_id'),
  payload = jsonb_build_object(
    'id', 'msg_' || replace(gen_random_uuid()::text, '-', ''),
    'type', jobs.payload->>'event',
    'timestamp', jobs.payload->>'occurred_at',
    'data', jsonb_build_object(
      'application_id', (jobs.payload->>'application_id')::int,
      'sequence', numbered.sequence
    )
  )
FROM numbered
WHERE jobs.id = numbered.id;
