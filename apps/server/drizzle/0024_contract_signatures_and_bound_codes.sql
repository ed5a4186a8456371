CREATE TABLE "contract_signatures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contract_signatures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"loan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"document_sha256" text NOT NULL,
	"signed_document_id" integer NOT NULL,
	"code_id" integer NOT NULL,
	"code_sent_at" timestamp with time zone NOT NULL,
	"phone" text NOT NULL,
	"personal_number" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"e_contract_consent_id" integer,
	"signed_on" date NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contract_signatures_signed_document_unique" UNIQUE("signed_document_id"),
	CONSTRAINT "contract_signatures_sha256" CHECK ("contract_signatures"."document_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "contract_withdrawals" (
	"loan_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"principal" numeric(12, 2) NOT NULL,
	"interest" numeric(12, 2) NOT NULL,
	"amount_due" numeric(12, 2) NOT NULL,
	"days_used" integer NOT NULL,
	"due_date" date,
	"code_id" integer NOT NULL,
	"code_sent_at" timestamp with time zone NOT NULL,
	"phone" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"withdrawn_on" date NOT NULL,
	"withdrawn_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contract_withdrawals_state" CHECK ("contract_withdrawals"."state" in ('withdrawn', 'withdrawing')),
	CONSTRAINT "contract_withdrawals_amounts" CHECK ("contract_withdrawals"."amount_due" = "contract_withdrawals"."principal" + "contract_withdrawals"."interest" and "contract_withdrawals"."interest" >= 0)
);
--> statement-breakpoint
ALTER TABLE "phone_codes" DROP CONSTRAINT "phone_codes_purpose";--> statement-breakpoint
ALTER TABLE "consent_texts" DROP CONSTRAINT "consent_texts_kind";--> statement-breakpoint
ALTER TABLE "content_drafts" DROP CONSTRAINT "content_drafts_key";--> statement-breakpoint
ALTER TABLE "consents" DROP CONSTRAINT "consents_kind";--> statement-breakpoint
ALTER TABLE "phone_codes" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD CONSTRAINT "contract_signatures_loan_id_loan_applications_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD CONSTRAINT "contract_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD CONSTRAINT "contract_signatures_document_id_customer_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."customer_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD CONSTRAINT "contract_signatures_signed_document_id_customer_documents_id_fk" FOREIGN KEY ("signed_document_id") REFERENCES "public"."customer_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD CONSTRAINT "contract_signatures_e_contract_consent_id_consents_id_fk" FOREIGN KEY ("e_contract_consent_id") REFERENCES "public"."consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_withdrawals" ADD CONSTRAINT "contract_withdrawals_loan_id_loan_applications_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_signatures_loan" ON "contract_signatures" USING btree ("loan_id","signed_at");--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_purpose" CHECK ("phone_codes"."purpose" in ('registration', 'restore_password', 'contract_signing', 'withdrawal'));--> statement-breakpoint
ALTER TABLE "consent_texts" ADD CONSTRAINT "consent_texts_kind" CHECK ("consent_texts"."kind" in ('privacy_policy', 'sda_information', 'credit_information', 'e_contract', 'contract_terms'));--> statement-breakpoint
ALTER TABLE "content_drafts" ADD CONSTRAINT "content_drafts_key" CHECK ("content_drafts"."key" in ('home', 'claims', 'faq', 'privacy_policy', 'sda_agreement', 'credit_agreement', 'contract_terms', 'e_contract_agreement'));--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_kind" CHECK ("consents"."kind" in ('privacy_policy', 'sda_information', 'credit_information', 'e_contract'));--> statement-breakpoint
-- A signature's evidence never changes, even for the application's own role.
CREATE TRIGGER contract_signatures_no_update_or_delete BEFORE UPDATE OR DELETE ON "contract_signatures"
  FOR EACH ROW EXECUTE FUNCTION append_only();--> statement-breakpoint
CREATE TRIGGER contract_signatures_no_truncate BEFORE TRUNCATE ON "contract_signatures"
  FOR EACH STATEMENT EXECUTE FUNCTION append_only();
