CREATE TABLE "content_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"locale" text NOT NULL,
	"version" integer NOT NULL,
	"html" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_versions_key_locale_version" UNIQUE("key","locale","version"),
	CONSTRAINT "content_versions_key" CHECK ("content_versions"."key" in ('home', 'claims', 'faq')),
	CONSTRAINT "content_versions_locale" CHECK ("content_versions"."locale" in ('ka', 'en'))
);
--> statement-breakpoint
ALTER TABLE "consent_texts" DROP CONSTRAINT "consent_texts_kind_version";--> statement-breakpoint
ALTER TABLE "access_log" DROP CONSTRAINT "access_log_action";--> statement-breakpoint
ALTER TABLE "consent_texts" ADD COLUMN "locale" text DEFAULT 'ka' NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD CONSTRAINT "consent_texts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_texts" ADD CONSTRAINT "consent_texts_kind_locale_version" UNIQUE("kind","locale","version");--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_action" CHECK ("access_log"."action" in ('users.list', 'users.show', 'users.access_log', 'applications.list', 'applications.show', 'applications.bank_statement', 'content.publish'));--> statement-breakpoint
ALTER TABLE "consent_texts" ADD CONSTRAINT "consent_texts_locale" CHECK ("consent_texts"."locale" in ('ka', 'en'));--> statement-breakpoint
-- A published version is a record: what visitors read at a time stays known.
CREATE TRIGGER content_versions_no_update_or_delete BEFORE UPDATE OR DELETE ON "content_versions"
  FOR EACH ROW EXECUTE FUNCTION append_only();--> statement-breakpoint
CREATE TRIGGER content_versions_no_truncate BEFORE TRUNCATE ON "content_versions"
  FOR EACH STATEMENT EXECUTE FUNCTION append_only();
