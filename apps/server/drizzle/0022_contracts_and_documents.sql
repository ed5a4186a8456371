CREATE TABLE "customer_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"loan_id" integer,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_documents_kind" CHECK ("customer_documents"."kind" in ('key_terms', 'contract', 'signed_contract', 'schedule', 'decision', 'consent', 'receipt', 'closure')),
	CONSTRAINT "customer_documents_sha256" CHECK ("customer_documents"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "loan_contracts" (
	"loan_id" integer PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"status" text NOT NULL,
	"offered_on" date NOT NULL,
	"valid_until" date NOT NULL,
	"payment_day" integer NOT NULL,
	"iban" text,
	"current_document_id" integer,
	"signed_document_id" integer,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_contracts_number_unique" UNIQUE("number"),
	CONSTRAINT "loan_contracts_status" CHECK ("loan_contracts"."status" in ('offered', 'signed', 'expired', 'withdrawn')),
	CONSTRAINT "loan_contracts_payment_day" CHECK ("loan_contracts"."payment_day" between 1 and 28)
);
--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_loan_id_loan_applications_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_contracts" ADD CONSTRAINT "loan_contracts_loan_id_loan_applications_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_contracts" ADD CONSTRAINT "loan_contracts_current_document_id_customer_documents_id_fk" FOREIGN KEY ("current_document_id") REFERENCES "public"."customer_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_contracts" ADD CONSTRAINT "loan_contracts_signed_document_id_customer_documents_id_fk" FOREIGN KEY ("signed_document_id") REFERENCES "public"."customer_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_documents_user_created" ON "customer_documents" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customer_documents_loan" ON "customer_documents" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "loan_contracts_offered_valid_until" ON "loan_contracts" USING btree ("valid_until") WHERE "loan_contracts"."status" = 'offered';