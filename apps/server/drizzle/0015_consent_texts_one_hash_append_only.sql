-- hand-written:
-- One hash rule for every consent wording (consent-text-hash.ts): the hex SHA-256 of the UTF-8
-- bytes of its body, the text the consent endpoints serve. Published wordings were hashed by
-- their HTML until now: rehash those, and the consents recorded against them, before the rule
-- and the wordings' immutability are enforced. A row that follows neither rule is left alone,
-- so the check constraint stops the migration rather than hide it.
UPDATE "consents" SET "text_sha256" = encode(sha256(convert_to("consent_texts"."body", 'UTF8')), 'hex')
  FROM "consent_texts"
  WHERE "consent_texts"."id" = "consents"."consent_text_id"
    AND "consent_texts"."html" IS NOT NULL
    AND "consents"."text_sha256" = encode(sha256(convert_to("consent_texts"."html", 'UTF8')), 'hex')
    AND "consent_texts"."sha256" = "consents"."text_sha256";--> statement-breakpoint
UPDATE "consent_texts" SET "sha256" = encode(sha256(convert_to("body", 'UTF8')), 'hex')
  WHERE "html" IS NOT NULL AND "sha256" = encode(sha256(convert_to("html", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "consent_texts" ADD CONSTRAINT "consent_texts_sha256_of_body"
  CHECK ("sha256" = encode(sha256(convert_to("body", 'UTF8')), 'hex'));--> statement-breakpoint
-- A wording is a record like the other ledgers: consents point at it, so it never changes.
CREATE TRIGGER consent_texts_no_update_or_delete BEFORE UPDATE OR DELETE ON "consent_texts"
  FOR EACH ROW EXECUTE FUNCTION append_only();--> statement-breakpoint
CREATE TRIGGER consent_texts_no_truncate BEFORE TRUNCATE ON "consent_texts"
  FOR EACH STATEMENT EXECUTE FUNCTION append_only();
