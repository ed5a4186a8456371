ALTER TABLE "consent_texts" DROP CONSTRAINT "consent_texts_kind";--> statement-breakpoint
ALTER TABLE "content_drafts" DROP CONSTRAINT "content_drafts_key";--> statement-breakpoint
ALTER TABLE "access_log" DROP CONSTRAINT "access_log_action";--> statement-breakpoint
ALTER TABLE "consent_texts" ADD CONSTRAINT "consent_texts_kind" CHECK ("consent_texts"."kind" in ('privacy_policy', 'sda_information', 'credit_information', 'contract_terms'));--> statement-breakpoint
ALTER TABLE "content_drafts" ADD CONSTRAINT "content_drafts_key" CHECK ("content_drafts"."key" in ('home', 'claims', 'faq', 'privacy_policy', 'sda_agreement', 'credit_agreement', 'contract_terms'));--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_action" CHECK ("access_log"."action" in ('users.list', 'users.show', 'users.access_log', 'applications.list', 'applications.show', 'applications.bank_statement', 'applications.document', 'content.publish'));