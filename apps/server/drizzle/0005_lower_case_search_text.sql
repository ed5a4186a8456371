-- Support search becomes LIKE on a lower-cased text (ILIKE lower-cases every row it checks).
-- A generated column's expression cannot be altered, so it is made again; dropping it dropped
-- its trigram index, which is made again too.
ALTER TABLE "users" drop column "search_text";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || surname || ' ' || coalesce(identity_number, '') || ' ' || coalesce(document_number, '') || ' ' || phone)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_text_trgm" ON "users" USING gin ("search_text" gin_trgm_ops);
