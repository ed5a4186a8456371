CREATE TABLE "rejection_reasons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rejection_reasons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rejection_reasons_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "credit_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"consent_id" integer,
	"state" text NOT NULL,
	"reason" text,
	"report" jsonb,
	"obligations" numeric(12, 2),
	"declared_obligations" numeric(12, 2),
	"affordability" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone,
	CONSTRAINT "credit_reports_application_unique" UNIQUE("application_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_decisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"officer_id" integer NOT NULL,
	"amount" numeric(12, 2),
	"months" integer,
	"monthly_payment" numeric(12, 2),
	"effective_rate" numeric(9, 4),
	"reason_codes" text[] DEFAULT '{}' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_offer_snapshots" DROP CONSTRAINT "loan_offer_snapshots_application_unique";--> statement-breakpoint
ALTER TABLE "loan_applications" ADD COLUMN "assigned_officer_id" integer;--> statement-breakpoint
ALTER TABLE "loan_offer_snapshots" ADD COLUMN "kind" text DEFAULT 'submission' NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_submissions" ADD COLUMN "questionnaire" jsonb;--> statement-breakpoint
ALTER TABLE "credit_reports" ADD CONSTRAINT "credit_reports_application_id_loan_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."loan_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reports" ADD CONSTRAINT "credit_reports_consent_id_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_decisions" ADD CONSTRAINT "loan_decisions_application_id_loan_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."loan_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_decisions" ADD CONSTRAINT "loan_decisions_officer_id_users_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE INDEX "loan_decisions_application" ON "loan_decisions" USING btree ("application_id","created_at");--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_assigned_officer_id_users_id_fk" FOREIGN KEY ("assigned_officer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_offer_snapshots" ADD CONSTRAINT "loan_offer_snapshots_application_kind_unique" UNIQUE("application_id","kind");--> statement-breakpoint
ALTER TABLE "loan_offer_snapshots" ADD CONSTRAINT "loan_offer_snapshots_kind" CHECK ("kind" in ('submission', 'approval'));--> statement-breakpoint
ALTER TABLE "loan_decisions" ADD CONSTRAINT "loan_decisions_kind" CHECK ("kind" in ('approval', 'confirmation', 'rejection'));--> statement-breakpoint
ALTER TABLE "credit_reports" ADD CONSTRAINT "credit_reports_state" CHECK ("state" in ('ready', 'pending', 'unavailable'));--> statement-breakpoint
-- Decisions are records like the offer snapshots: never changed once taken.
CREATE TRIGGER loan_decisions_no_update_or_delete BEFORE UPDATE OR DELETE ON "loan_decisions"
  FOR EACH ROW EXECUTE FUNCTION append_only();--> statement-breakpoint
CREATE TRIGGER loan_decisions_no_truncate BEFORE TRUNCATE ON "loan_decisions"
  FOR EACH STATEMENT EXECUTE FUNCTION append_only();
