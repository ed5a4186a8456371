CREATE TABLE "loan_offer_snapshots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_offer_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"inputs" jsonb NOT NULL,
	"monthly_payment" numeric(12, 2) NOT NULL,
	"total_repayment" numeric(12, 2) NOT NULL,
	"total_cost" numeric(12, 2) NOT NULL,
	"upfront_fee" numeric(12, 2) NOT NULL,
	"nominal_rate" numeric(9, 4) NOT NULL,
	"effective_rate" numeric(9, 4) NOT NULL,
	"schedule" jsonb NOT NULL,
	"pti" numeric(9, 4),
	"pti_limit" numeric(9, 4) NOT NULL,
	"fits" boolean NOT NULL,
	"alternatives" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_offer_snapshots_application_unique" UNIQUE("application_id")
);
--> statement-breakpoint
CREATE TABLE "loan_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"nominal_rate" numeric(9, 4) NOT NULL,
	"origination_fee_percent" numeric(9, 4) NOT NULL,
	"origination_fee_fixed" numeric(12, 2) NOT NULL,
	"monthly_fee" numeric(12, 2) NOT NULL,
	"min_amount" numeric(12, 2) NOT NULL,
	"max_amount" numeric(12, 2) NOT NULL,
	"min_months" integer NOT NULL,
	"max_months" integer NOT NULL,
	"is_default" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_products_code_version_unique" UNIQUE("code","version"),
	CONSTRAINT "loan_products_version_positive" CHECK ("loan_products"."version" > 0),
	CONSTRAINT "loan_products_amounts" CHECK (0 < "loan_products"."min_amount" and "loan_products"."min_amount" <= "loan_products"."max_amount"),
	CONSTRAINT "loan_products_months" CHECK (0 < "loan_products"."min_months" and "loan_products"."min_months" <= "loan_products"."max_months")
);
--> statement-breakpoint
ALTER TABLE "loan_applications" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "loan_offer_snapshots" ADD CONSTRAINT "loan_offer_snapshots_application_id_loan_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."loan_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_offer_snapshots" ADD CONSTRAINT "loan_offer_snapshots_product_id_loan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loan_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_product_id_loan_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loan_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Product versions and offer snapshots are records: once written they never change, even for
-- the application's own role (which owns the tables, so a REVOKE would not bind it).
CREATE FUNCTION append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER loan_products_no_update_or_delete BEFORE UPDATE OR DELETE ON "loan_products"
  FOR EACH ROW EXECUTE FUNCTION append_only();--> statement-breakpoint
CREATE TRIGGER loan_products_no_truncate BEFORE TRUNCATE ON "loan_products"
  FOR EACH STATEMENT EXECUTE FUNCTION append_only();--> statement-breakpoint
CREATE TRIGGER loan_offer_snapshots_no_update_or_delete BEFORE UPDATE OR DELETE ON "loan_offer_snapshots"
  FOR EACH ROW EXECUTE FUNCTION append_only();--> statement-breakpoint
CREATE TRIGGER loan_offer_snapshots_no_truncate BEFORE TRUNCATE ON "loan_offer_snapshots"
  FOR EACH STATEMENT EXECUTE FUNCTION append_only();
