CREATE TABLE "billing_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"biller" text NOT NULL,
	"transaction_id" text NOT NULL,
	"request_sha256" text NOT NULL,
	"amount_tetri" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_payments_biller_transaction" UNIQUE("biller","transaction_id"),
	CONSTRAINT "billing_payments_amount" CHECK ("billing_payments"."amount_tetri" > 0)
);
--> statement-breakpoint
CREATE TABLE "loan_reminders" (
	"loan_id" integer NOT NULL,
	"instalment_number" integer NOT NULL,
	"kind" text NOT NULL,
	"business_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_reminders_loan_id_instalment_number_kind_pk" PRIMARY KEY("loan_id","instalment_number","kind"),
	CONSTRAINT "loan_reminders_kind" CHECK ("loan_reminders"."kind" in ('before_due', 'overdue_day_1', 'overdue_day_7'))
);
--> statement-breakpoint
ALTER TABLE "loan_reminders" ADD CONSTRAINT "loan_reminders_loan_id_loan_applications_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_applications"("id") ON DELETE no action ON UPDATE no action;