-- Support search matches any part of a name or number: trigram indexes (design.md).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "access_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"actor_user_id" integer NOT NULL,
	"subject_user_ids" integer[] NOT NULL,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identomat_checks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identomat_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"session_token" text NOT NULL,
	"result" jsonb,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "identomat_checks_session_token_unique" UNIQUE("session_token"),
	CONSTRAINT "identomat_checks_outcome" CHECK ("identomat_checks"."outcome" in ('success', 'failure'))
);
--> statement-breakpoint
CREATE TABLE "questionnaire_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questionnaire_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"questionnaire_id" integer NOT NULL,
	"values" jsonb NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questionnaires_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"address" text NOT NULL,
	"organisation_name" text NOT NULL,
	"position" text NOT NULL,
	"salary" numeric(12, 2) NOT NULL,
	"has_transfer" boolean NOT NULL,
	"transfer" numeric(12, 2),
	"monthly_expenses" numeric(12, 2) NOT NULL,
	"total_financial_liability" numeric(12, 2) NOT NULL,
	"is_political_active" boolean NOT NULL,
	"is_entrepreneur" boolean NOT NULL,
	"entrepreneur_income" numeric(12, 2),
	"activity_sphere_id" integer,
	"has_pension" boolean NOT NULL,
	"pension" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaires_user_unique" UNIQUE("user_id"),
	CONSTRAINT "questionnaires_transfer_when_set" CHECK (("questionnaires"."transfer" is not null) = "questionnaires"."has_transfer"),
	CONSTRAINT "questionnaires_entrepreneur_when_set" CHECK (("questionnaires"."entrepreneur_income" is not null) = "questionnaires"."is_entrepreneur" and ("questionnaires"."activity_sphere_id" is not null) = "questionnaires"."is_entrepreneur"),
	CONSTRAINT "questionnaires_pension_when_set" CHECK (("questionnaires"."pension" is not null) = "questionnaires"."has_pension")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (name || ' ' || surname || ' ' || coalesce(identity_number, '') || ' ' || coalesce(document_number, '') || ' ' || phone) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identomat_checks" ADD CONSTRAINT "identomat_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_history" ADD CONSTRAINT "questionnaire_history_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_activity_sphere_id_activity_spheres_id_fk" FOREIGN KEY ("activity_sphere_id") REFERENCES "public"."activity_spheres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_subjects" ON "access_log" USING gin ("subject_user_ids");--> statement-breakpoint
CREATE INDEX "access_log_created" ON "access_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "identomat_checks_user_created" ON "identomat_checks" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "questionnaire_history_questionnaire" ON "questionnaire_history" USING btree ("questionnaire_id","saved_at");--> statement-breakpoint
CREATE INDEX "users_search_text_trgm" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The access log is append-only, even for the application's own role (which owns the table,
-- so a REVOKE would not bind it): every UPDATE, DELETE and TRUNCATE is refused.
CREATE FUNCTION access_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'access_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER access_log_no_update_or_delete BEFORE UPDATE OR DELETE ON "access_log"
  FOR EACH ROW EXECUTE FUNCTION access_log_append_only();--> statement-breakpoint
CREATE TRIGGER access_log_no_truncate BEFORE TRUNCATE ON "access_log"
  FOR EACH STATEMENT EXECUTE FUNCTION access_log_append_only();
