DROP INDEX "jobs_due";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lease_token" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "ordering_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "dead_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_pending_by_ordering_key" ON "jobs" USING btree ("ordering_key","id") WHERE "jobs"."ordering_key" is not null and "jobs"."done_at" is null and "jobs"."dead_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_dead" ON "jobs" USING btree ("kind","dead_at") WHERE "jobs"."dead_at" is not null;--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null and "jobs"."dead_at" is null;