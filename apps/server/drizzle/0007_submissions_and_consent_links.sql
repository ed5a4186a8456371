CREATE TABLE "loan_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"sso_transaction_id" integer NOT NULL,
	"identified_personal_number" text NOT NULL,
	"identified_at" timestamp with time zone NOT NULL,
	"credit_consent_id" integer NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_submissions_application_unique" UNIQUE("application_id")
);
--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "loan_application_id" integer;--> statement-breakpoint
ALTER TABLE "loan_submissions" ADD CONSTRAINT "loan_submissions_application_id_loan_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."loan_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_submissions" ADD CONSTRAINT "loan_submissions_credit_consent_id_consents_id_fk" FOREIGN KEY ("credit_consent_id") REFERENCES "public"."consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_loan_application_id_loan_applications_id_fk" FOREIGN KEY ("loan_application_id") REFERENCES "public"."loan_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_loan_application" ON "consents" USING btree ("loan_application_id");--> statement-breakpoint
-- A credit consent given before this link existed belongs to the application it was given on:
-- the customer's latest one created before it (a customer has at most one open application).
UPDATE "consents" SET "loan_application_id" = (
  SELECT "loan_applications"."id" FROM "loan_applications"
  WHERE "loan_applications"."user_id" = "consents"."user_id"
    AND "loan_applications"."created_at" <= "consents"."agreed_at"
  ORDER BY "loan_applications"."created_at" DESC LIMIT 1
) WHERE "consents"."kind" = 'credit_information';--> statement-breakpoint
CREATE TRIGGER loan_submissions_no_update_or_delete BEFORE UPDATE OR DELETE ON "loan_submissions"
  FOR EACH ROW EXECUTE FUNCTION append_only();--> statement-breakpoint
CREATE TRIGGER loan_submissions_no_truncate BEFORE TRUNCATE ON "loan_submissions"
  FOR EACH STATEMENT EXECUTE FUNCTION append_only();
