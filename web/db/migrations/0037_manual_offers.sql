-- Staff's offers for devices not in the catalogue, made from a contact message (issue 48): the price
-- is checked against the bounds here too; the order an accepted offer placed is its order_id.
CREATE TABLE "manual_offer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"model" text NOT NULL,
	"price_pence" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"made_by" text,
	"made_by_name" text NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_name" text,
	"order_id" uuid,
	CONSTRAINT "manual_offer_status_known" CHECK ("manual_offer"."status" in ('open', 'accepted', 'withdrawn')),
	CONSTRAINT "manual_offer_price_bounds" CHECK ("manual_offer"."price_pence" between 100 and 200000)
);
--> statement-breakpoint
ALTER TABLE "manual_offer" ADD CONSTRAINT "manual_offer_message_id_contact_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_offer" ADD CONSTRAINT "manual_offer_made_by_user_id_fk" FOREIGN KEY ("made_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_offer" ADD CONSTRAINT "manual_offer_order_id_seller_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."seller_order"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manual_offer_message_idx" ON "manual_offer" USING btree ("message_id","made_at");