CREATE TABLE "business_calendar" (
	"id" integer PRIMARY KEY NOT NULL,
	"moved_to" date,
	"closed_through" date NOT NULL,
	CONSTRAINT "business_calendar_one_row" CHECK ("business_calendar"."id" = 1)
);
