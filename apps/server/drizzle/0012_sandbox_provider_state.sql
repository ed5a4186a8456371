CREATE TABLE "sandbox_oidc_entries" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"uid" text,
	"grant_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_oidc_entries_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_secrets" (
	"id" integer PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"cookie_key" text NOT NULL,
	"signing_key" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_oidc_entries_uid" ON "sandbox_oidc_entries" USING btree ("model","uid");--> statement-breakpoint
CREATE INDEX "sandbox_oidc_entries_grant" ON "sandbox_oidc_entries" USING btree ("grant_id");