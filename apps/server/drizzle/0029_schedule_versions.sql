ALTER TABLE "loan_instalments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD COLUMN "transaction_id" integer;--> statement-breakpoint
ALTER TABLE "loan_accounts" ADD COLUMN "schedule_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD CONSTRAINT "loan_instalments_transaction_id_loan_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."loan_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_instalments" DROP CONSTRAINT "loan_instalments_pk";
--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD CONSTRAINT "loan_instalments_pk" PRIMARY KEY("loan_id","version","number");--> statement-breakpoint
-- A schedule is never changed: a new one is the next version (decision 023).
CREATE TRIGGER loan_instalments_no_update_or_delete BEFORE UPDATE OR DELETE ON "loan_instalments"
  FOR EACH ROW EXECUTE FUNCTION append_only();--> statement-breakpoint
CREATE TRIGGER loan_instalments_no_truncate BEFORE TRUNCATE ON "loan_instalments"
  FOR EACH STATEMENT EXECUTE FUNCTION append_only();
