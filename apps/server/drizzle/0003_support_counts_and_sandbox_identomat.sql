CREATE TABLE "customer_count" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"customers" integer NOT NULL,
	CONSTRAINT "customer_count_single_row" CHECK ("customer_count"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "sandbox_identomat_sessions" (
	"session_token" text PRIMARY KEY NOT NULL,
	"personal_number" text NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_action" CHECK ("access_log"."action" in ('users.list', 'users.show', 'users.access_log'));--> statement-breakpoint
-- The customer count is kept by statement-level triggers with transition tables: a bulk insert
-- of a million users updates the counter once, and statements that change no customer (a
-- password change, a support account) do not touch it, so registrations rarely wait on it.
INSERT INTO "customer_count" ("id", "customers")
  SELECT 1, count(*) FROM "users" WHERE NOT "is_support";--> statement-breakpoint
CREATE FUNCTION customer_count_maintain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "customer_count" SET "customers" = 0;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM new_rows WHERE NOT is_support);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    delta := delta - (SELECT count(*) FROM old_rows WHERE NOT is_support);
  END IF;
  IF delta <> 0 THEN
    UPDATE "customer_count" SET "customers" = "customers" + delta;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_customer_count_insert AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_count_maintain();--> statement-breakpoint
CREATE TRIGGER users_customer_count_update AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_count_maintain();--> statement-breakpoint
CREATE TRIGGER users_customer_count_delete AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_count_maintain();--> statement-breakpoint
CREATE TRIGGER users_customer_count_truncate AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION customer_count_maintain();
