CREATE TABLE "sandbox_payouts" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"bank_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_calendar" (
	"id" integer PRIMARY KEY NOT NULL,
	"moved_to" date,
	"closed_through" date NOT NULL,
	CONSTRAINT "business_calendar_one_row" CHECK ("business_calendar"."id" = 1)
);
