ALTER TABLE "order_item" ADD COLUMN "proposed_price_pence" integer;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "proposed_reason" text;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "rise_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_proposed_not_negative" CHECK ("order_item"."proposed_price_pence" >= 0);