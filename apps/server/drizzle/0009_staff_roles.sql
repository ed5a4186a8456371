ALTER TABLE "users" DROP CONSTRAINT "users_customer_identity";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "long_lived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "roles" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_machine" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The support accounts keep their one role; a staff account is now one with any role.
UPDATE "users" SET "roles" = '{support}' WHERE "is_support";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_staff" boolean GENERATED ALWAYS AS (cardinality(roles) > 0) STORED NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_count_maintain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "customer_count" SET "customers" = 0;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM new_rows WHERE NOT is_staff);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    delta := delta - (SELECT count(*) FROM old_rows WHERE NOT is_staff);
  END IF;
  IF delta <> 0 THEN
    UPDATE "customer_count" SET "customers" = "customers" + delta;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_support";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_roles" CHECK ("users"."roles" <@ array['support', 'credit_officer', 'content_editor']::text[]);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_identity" CHECK ("users"."is_staff" or ("users"."identity_number" is not null and "users"."document_type_id" is not null and "users"."document_number" is not null and "users"."phone_verified_at" is not null));