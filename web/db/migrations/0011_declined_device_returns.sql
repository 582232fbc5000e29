ALTER TABLE "order_item" ADD COLUMN "return_tracking" text;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "returned_at" timestamp with time zone;