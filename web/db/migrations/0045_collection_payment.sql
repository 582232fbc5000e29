CREATE TABLE "collection_payment" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"amount_pence" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"token_hash" text,
	"bank_sealed" text,
	"bank_last4" text,
	"bank_given_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"reference" text NOT NULL,
	"payer" text,
	"payer_payment_id" text,
	"paid_at" timestamp with time zone,
	CONSTRAINT "collection_payment_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "collection_payment_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "collection_payment_state_known" CHECK ("collection_payment"."state" in ('waiting', 'given', 'sending', 'paid')),
	CONSTRAINT "collection_payment_amount_positive" CHECK ("collection_payment"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "collection_payment_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" text,
	"actor_name" text NOT NULL,
	CONSTRAINT "collection_payment_event_action_known" CHECK ("collection_payment_event"."action" in ('bank-details', 'pay', 'paid'))
);
--> statement-breakpoint
ALTER TABLE "collection_payment" ADD CONSTRAINT "collection_payment_request_id_collection_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."collection_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_payment_event" ADD CONSTRAINT "collection_payment_event_request_id_collection_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."collection_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_payment_event" ADD CONSTRAINT "collection_payment_event_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_payment_event_request_idx" ON "collection_payment_event" USING btree ("request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_payment_paid_idx" ON "collection_payment_event" USING btree ("request_id") WHERE "collection_payment_event"."action" = 'paid';