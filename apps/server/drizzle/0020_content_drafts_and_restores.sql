CREATE TABLE "content_drafts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_drafts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"locale" text NOT NULL,
	"editor_id" integer NOT NULL,
	"base_version" integer NOT NULL,
	"html" text NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_drafts_editor_key_locale" UNIQUE("editor_id","key","locale"),
	CONSTRAINT "content_drafts_key" CHECK ("content_drafts"."key" in ('home', 'claims', 'faq', 'privacy_policy', 'sda_agreement', 'credit_agreement')),
	CONSTRAINT "content_drafts_locale" CHECK ("content_drafts"."locale" in ('ka', 'en'))
);
--> statement-breakpoint
ALTER TABLE "consent_texts" ADD COLUMN "restored_from" integer;--> statement-breakpoint
ALTER TABLE "content_versions" ADD COLUMN "restored_from" integer;--> statement-breakpoint
ALTER TABLE "content_drafts" ADD CONSTRAINT "content_drafts_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;