CREATE TABLE "loan_instalments" (
	"loan_id" integer NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"payment_tetri" integer NOT NULL,
	"principal_tetri" integer NOT NULL,
	"interest_tetri" integer NOT NULL,
	"fee_tetri" integer NOT NULL,
	"balance_tetri" integer NOT NULL,
	CONSTRAINT "loan_instalments_pk" PRIMARY KEY("loan_id","number"),
	CONSTRAINT "loan_instalments_sums" CHECK ("loan_instalments"."payment_tetri" = "loan_instalments"."principal_tetri" + "loan_instalments"."interest_tetri" + "loan_instalments"."fee_tetri")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"loan_id" integer NOT NULL,
	"signed_document_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_tetri" integer NOT NULL,
	"iban" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"bank_reference" text,
	"refusal_reason" text,
	"paid_at" timestamp with time zone,
	"payout_date" date,
	"report_key" text,
	"report_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payouts_report_key_unique" UNIQUE("report_key"),
	CONSTRAINT "payouts_state" CHECK ("payouts"."state" in ('pending', 'sending', 'paid', 'refused', 'cancelled')),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_tetri" > 0),
	CONSTRAINT "payouts_paid_with_reference" CHECK ("payouts"."state" <> 'paid' or ("payouts"."bank_reference" is not null and "payouts"."paid_at" is not null and "payouts"."payout_date" is not null))
);
--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD CONSTRAINT "loan_instalments_loan_id_loan_applications_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_loan_id_loan_applications_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_signed_document_id_customer_documents_id_fk" FOREIGN KEY ("signed_document_id") REFERENCES "public"."customer_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_loan" ON "payouts" USING btree ("loan_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_live_per_loan" ON "payouts" USING btree ("loan_id") WHERE "payouts"."state" not in ('refused', 'cancelled');