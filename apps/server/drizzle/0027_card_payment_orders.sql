CREATE TABLE "sandbox_card_gateway_keys" (
	"id" integer PRIMARY KEY NOT NULL,
	"private_key" text NOT NULL,
	"public_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_orders" (
	"order_id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"amount_tetri" integer NOT NULL,
	"callback_url" text NOT NULL,
	"redirect_url" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_payment_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_payment_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"loan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount_tetri" integer NOT NULL,
	"purpose" text NOT NULL,
	"keep" text,
	"state" text NOT NULL,
	"reference" text NOT NULL,
	"gateway_order_id" text,
	"transaction_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_payment_orders_reference_unique" UNIQUE("reference"),
	CONSTRAINT "card_payment_orders_gateway_order_unique" UNIQUE("gateway_order_id"),
	CONSTRAINT "card_payment_orders_state" CHECK ("card_payment_orders"."state" in ('created', 'pending', 'paid', 'declined')),
	CONSTRAINT "card_payment_orders_purpose" CHECK ("card_payment_orders"."purpose" in ('instalment', 'prepayment')),
	CONSTRAINT "card_payment_orders_keep" CHECK (("card_payment_orders"."purpose" = 'prepayment') = ("card_payment_orders"."keep" is not null) and ("card_payment_orders"."keep" is null or "card_payment_orders"."keep" in ('term', 'payment'))),
	CONSTRAINT "card_payment_orders_amount_positive" CHECK ("card_payment_orders"."amount_tetri" > 0),
	CONSTRAINT "card_payment_orders_paid_with_transaction" CHECK (("card_payment_orders"."state" = 'paid') = ("card_payment_orders"."transaction_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "card_payment_orders" ADD CONSTRAINT "card_payment_orders_loan_id_loan_applications_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loan_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payment_orders" ADD CONSTRAINT "card_payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_payment_orders_loan" ON "card_payment_orders" USING btree ("loan_id","id");