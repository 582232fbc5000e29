CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" text,
	"action" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "order_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"model_id" text NOT NULL,
	"device" text NOT NULL,
	"variant_key" text NOT NULL,
	"grade_key" text NOT NULL,
	"grade_name" text NOT NULL,
	"answers" jsonb NOT NULL,
	"price_pence" integer NOT NULL,
	"catalogue_revision" text NOT NULL,
	"found_grade_key" text,
	"found_grade_name" text,
	"imei" text,
	"check_notes" text,
	"revised_price_pence" integer,
	"revised_reason" text,
	CONSTRAINT "order_item_position_unique" UNIQUE("order_id","position"),
	CONSTRAINT "order_item_price_positive" CHECK ("order_item"."price_pence" > 0),
	CONSTRAINT "order_item_revised_not_negative" CHECK ("order_item"."revised_price_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "address_line1" text;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "address_line2" text;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "town" text;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "postcode" text;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "payout_method" text DEFAULT 'bank' NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "payout_sealed" text;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "payout_last4" text;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "marketing_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "terms_revision" text;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "declarations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "hold_until" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "offer_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "offer_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "return_tracking" text;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_order_id_seller_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."seller_order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_order_id_seller_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."seller_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_order_id_seller_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."seller_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "order_event_order_idx" ON "order_event" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "seller_order_status_placed_idx" ON "seller_order" USING btree ("status","placed_at");--> statement-breakpoint
CREATE INDEX "seller_order_postcode_idx" ON "seller_order" USING btree ("postcode");--> statement-breakpoint
ALTER TABLE "seller_order" ADD CONSTRAINT "seller_order_idempotency_key_unique" UNIQUE("idempotency_key");--> statement-breakpoint
ALTER TABLE "seller_order" ADD CONSTRAINT "seller_order_status_known" CHECK ("seller_order"."status" in ('placed', 'received', 'checked', 'revised', 'accepted', 'returning', 'returned', 'paid', 'cancelled', 'expired', 'quarantined', 'closed'));