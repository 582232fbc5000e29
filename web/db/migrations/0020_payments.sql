CREATE TABLE "payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"payer" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"reference" text NOT NULL,
	"day" text NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"payer_payment_id" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"asked_at" timestamp with time zone,
	CONSTRAINT "payment_order_attempt_unique" UNIQUE("order_id","attempt"),
	CONSTRAINT "payment_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_payer_id_unique" UNIQUE("payer","payer_payment_id"),
	CONSTRAINT "payment_state_known" CHECK ("payment"."state" in ('sending', 'accepted', 'settled', 'rejected', 'returned')),
	CONSTRAINT "payment_amount_positive" CHECK ("payment"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"payer" text NOT NULL,
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_event_pk" PRIMARY KEY("payer","event_id")
);
--> statement-breakpoint
CREATE TABLE "payout_approval" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"approved_by" text,
	"approved_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_limit" (
	"id" text PRIMARY KEY DEFAULT 'payouts' NOT NULL,
	"daily_pence" integer NOT NULL,
	"set_by" text,
	"set_by_name" text,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_order_id_seller_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."seller_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_approval" ADD CONSTRAINT "payout_approval_approved_by_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_limit" ADD CONSTRAINT "payout_limit_set_by_user_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_state_idx" ON "payment" USING btree ("state","asked_at");--> statement-breakpoint
CREATE INDEX "payment_day_idx" ON "payment" USING btree ("day");--> statement-breakpoint
CREATE INDEX "payout_approval_day_idx" ON "payout_approval" USING btree ("day");