CREATE TABLE "loan_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"months" integer NOT NULL,
	"loan_purpose_id" integer NOT NULL,
	"branch_id" integer,
	"status" text NOT NULL,
	"bank_statement_key" text NOT NULL,
	"bank_statement_name" text NOT NULL,
	"bank_statement_size" integer NOT NULL,
	"bank_statement_type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_applications_amount_positive" CHECK ("loan_applications"."amount" > 0),
	CONSTRAINT "loan_applications_months_positive" CHECK ("loan_applications"."months" > 0),
	CONSTRAINT "loan_applications_bank_statement_size" CHECK ("loan_applications"."bank_statement_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "loan_status_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" integer,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_loan_purpose_id_loan_purposes_id_fk" FOREIGN KEY ("loan_purpose_id") REFERENCES "public"."loan_purposes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_applications" ADD CONSTRAINT "loan_applications_status_loan_statuses_code_fk" FOREIGN KEY ("status") REFERENCES "public"."loan_statuses"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_status_history" ADD CONSTRAINT "loan_status_history_application_id_loan_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."loan_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_status_history" ADD CONSTRAINT "loan_status_history_from_status_loan_statuses_code_fk" FOREIGN KEY ("from_status") REFERENCES "public"."loan_statuses"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_status_history" ADD CONSTRAINT "loan_status_history_to_status_loan_statuses_code_fk" FOREIGN KEY ("to_status") REFERENCES "public"."loan_statuses"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_status_history" ADD CONSTRAINT "loan_status_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_applications_one_open_per_user" ON "loan_applications" USING btree ("user_id") WHERE "loan_applications"."status" in ('draft', 'consented', 'submitted', 'under_review');--> statement-breakpoint
CREATE INDEX "loan_applications_user_created" ON "loan_applications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loan_status_history_application" ON "loan_status_history" USING btree ("application_id","created_at");