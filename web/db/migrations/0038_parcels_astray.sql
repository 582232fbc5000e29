-- A parcel astray (issue 48): when the minute job found it unscanned for the days the Orders document
-- sets and told the seller, set once; and the texts waiting to go, each sent once with its id as the
-- provider's reference, the number read from the order as it is sent.
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"provider_id" text
);
--> statement-breakpoint
ALTER TABLE "order_parcel" ADD COLUMN "astray_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_order_id_seller_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."seller_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_due_idx" ON "sms_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_order_idx" ON "sms_outbox" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "order_parcel_astray_idx" ON "order_parcel" USING btree ("astray_at") WHERE "order_parcel"."cancelled_at" is null and "order_parcel"."astray_at" is not null;