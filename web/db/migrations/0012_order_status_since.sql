ALTER TABLE "seller_order" ADD COLUMN "status_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing orders: when the newest event that moved each into its status happened (or when it was placed).
UPDATE "seller_order" SET "status_since" = coalesce(
  (SELECT max("at") FROM "order_event" WHERE "order_event"."order_id" = "seller_order"."id"
    AND "order_event"."to_status" = "seller_order"."status" AND "order_event"."from_status" <> "order_event"."to_status"),
  "seller_order"."placed_at");--> statement-breakpoint
CREATE INDEX "seller_order_status_since_idx" ON "seller_order" USING btree ("status","status_since","id");