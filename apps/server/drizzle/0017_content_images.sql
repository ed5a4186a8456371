CREATE TABLE "content_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "content_images" ADD CONSTRAINT "content_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_images_unpublished" ON "content_images" USING btree ("created_at") WHERE "content_images"."published_at" is null;--> statement-breakpoint
-- hand-written:
-- Images that published versions already show (uploaded before this table) are published.
INSERT INTO "content_images" ("id", "created_at", "published_at")
SELECT "found"."match"[1]::uuid, min("shown"."created_at"), min("shown"."created_at")
FROM (
  SELECT "html", "created_at" FROM "content_versions"
  UNION ALL
  SELECT "html", "created_at" FROM "consent_texts" WHERE "html" IS NOT NULL
) AS "shown",
LATERAL regexp_matches("shown"."html", 'src="/api/content/images/([0-9a-f-]{36})"', 'g') AS "found"("match")
GROUP BY "found"."match"[1];
