CREATE TABLE "core_payment_reports" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"request_sha256" text NOT NULL,
	"transaction_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_accounts" (
	"loan_id" integer PRIMARY KEY NOT NULL,
	"paid_out_on" date NOT NULL,
	"principal_tetri" integer NOT NULL,
	"principal_paid_tetri" integer DEFAULT 0 NOT NULL,
	"principal_prepaid_tetri" integer DEFAULT 0 NOT NULL,
	"interest_accrued_tetri" integer DEFAULT 0 NOT NULL,
	"interest_due_tetri" integer DEFAULT 0 NOT NULL,
	"interest_overdue_tetri" integer DEFAULT 0 NOT NULL,
	"penalty_due_tetri" integer DEFAULT 0 NOT NULL,
	"late_costs_tetri" integer DEFAULT 0 NOT NULL,
	"credit_tetri" integer DEFAULT 0 NOT NULL,
	"accrued_through" date NOT NULL,
	CONSTRAINT "loan_accounts_not_negative" CHECK (least("loan_accounts"."principal_paid_tetri", "loan_accounts"."principal_prepaid_tetri", "loan_accounts"."interest_accrued_tetri", "loan_accounts"."interest_due_tetri", "loan_accounts"."interest_overdue_tetri", "loan_accounts"."penalty_due_tetri", "loan_accounts"."late_costs_tetri", "loan_accounts"."credit_tetri") >= 0),
	CONSTRAINT "loan_accounts_principal" CHECK ("loan_accounts"."principal_paid_tetri" + "loan_accounts"."principal_prepaid_tetri" <= "loan_accounts"."principal_tetri")
);
--> statement-breakpoint
CREATE TABLE "loan_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"loan_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_tetri" integer NOT NULL,
	"penalty_tetri" integer DEFAULT 0 NOT NULL,
	"interest_tetri" integer DEFAULT 0 NOT NULL,
	"principal_tetri" integer DEFAULT 0 NOT NULL,
	"fee_tetri" integer DEFAULT 0 NOT NULL,
	"credit_tetri" integer DEFAULT 0 NOT NULL,
	"channel" text,
	"reference" text,
	"business_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_transactions_kind" CHECK ("loan_transactions"."kind" in ('payout', 'payment', 'interest_accrual', 'penalty', 'fee', 'refund')),
	CONSTRAINT "loan_transactions_amount" CHECK ("loan_transactions"."amount_tetri" >= 0),
	CONSTRAINT "loan_transactions_allocation" CHECK ("loan_transactions"."kind" <> 'payment' or ("loan_transactions"."penalty_tetri" + "loan_transactions"."interest_tetri" + "loan_transactions"."principal_tetri" + "loan_transactions"."fee_tetri" + "loan_transactions"."credit_tetri" = "loan_transactions"."amount_tetri" and least("loan_transactions"."penalty_tetri", "loan_transactions"."interest_tetri", "loan_transactions"."principal_tetri", "loan_transactions"."fee_tetri", "loan_transactions"."credit_tetri") >= 0)),
	CONSTRAINT "loan_transactions_payment_reference" CHECK ("loan_transactions"."kind" <> 'payment' or ("loan_transactions"."channel" is not null and "loan_transactions"."reference" is not null))
);
--> statement-breakpoint
ALTER TABLE "core_payment_reports" ADD CONSTRAINT "core_payment_reports_transaction_id_loan_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."loan_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_accounts" ADD CONSTRAINT "loan_accounts_loan_id_loan_applications_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_transactions" ADD CONSTRAINT "loan_transactions_loan_id_loan_applications_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_transactions_loan" ON "loan_transactions" USING btree ("loan_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_transactions_channel_reference" ON "loan_transactions" USING btree ("channel","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_transactions_daily" ON "loan_transactions" USING btree ("loan_id","kind","business_date") WHERE "loan_transactions"."kind" in ('interest_accrual', 'penalty');--> statement-breakpoint
-- The ledger is never edited, even by the application's own role: a correction is a new row.
CREATE TRIGGER loan_transactions_no_update_or_delete BEFORE UPDATE OR DELETE ON "loan_transactions"
  FOR EACH ROW EXECUTE FUNCTION append_only();--> statement-breakpoint
CREATE TRIGGER loan_transactions_no_truncate BEFORE TRUNCATE ON "loan_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION append_only();
--> statement-breakpoint
-- Loans paid out before the ledger existed get their account as a payout now opens one
-- (modules/servicing/open.ts): the principal scheduled, accrued through the day before payout.
INSERT INTO "loan_accounts" ("loan_id", "paid_out_on", "principal_tetri", "accrued_through")
SELECT p."loan_id", p."payout_date", sum(i."principal_tetri")::int, p."payout_date" - 1
FROM "payouts" p JOIN "loan_instalments" i ON i."loan_id" = p."loan_id"
WHERE p."state" = 'paid' AND p."payout_date" IS NOT NULL
GROUP BY p."loan_id", p."payout_date";--> statement-breakpoint
INSERT INTO "loan_transactions" ("loan_id", "kind", "amount_tetri", "principal_tetri", "business_date")
SELECT p."loan_id", 'payout', p."amount_tetri", a."principal_tetri", p."payout_date"
FROM "payouts" p JOIN "loan_accounts" a ON a."loan_id" = p."loan_id"
WHERE p."state" = 'paid';
