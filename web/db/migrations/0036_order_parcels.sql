-- The carrier's tracked returns label for each order (at most one not cancelled) and the parcel's
-- tracking events, each once; the job follows the parcels still on their way by when it last asked,
-- and goods-in lists them by the day the carrier expects to deliver them.
CREATE TABLE "order_parcel" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"tracking_number" text NOT NULL,
	"insured_pence" integer NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"polled_at" timestamp with time zone,
	"last_event_at" timestamp with time zone,
	"last_event_code" text,
	"expected_on" date,
	CONSTRAINT "order_parcel_tracking_number_unique" UNIQUE("tracking_number")
);
--> statement-breakpoint
CREATE TABLE "parcel_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"parcel_id" uuid NOT NULL,
	"code" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_parcel" ADD CONSTRAINT "order_parcel_order_id_seller_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."seller_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_event" ADD CONSTRAINT "parcel_event_parcel_id_order_parcel_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."order_parcel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_parcel_open_idx" ON "order_parcel" USING btree ("order_id") WHERE "order_parcel"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "order_parcel_follow_idx" ON "order_parcel" USING btree ("polled_at") WHERE "order_parcel"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "order_parcel_expected_idx" ON "order_parcel" USING btree ("expected_on") WHERE "order_parcel"."cancelled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_event_once_idx" ON "parcel_event" USING btree ("parcel_id","code","at");