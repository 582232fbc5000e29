ALTER TABLE "order_item" ADD COLUMN "register_result" text;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "register_certificate" text;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "register_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_item_register_waiting_idx" ON "order_item" USING btree ("register_result") WHERE "order_item"."register_result" = 'waiting';--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_register_result_known" CHECK ("order_item"."register_result" in ('waiting', 'pass', 'caution', 'fail'));--> statement-breakpoint
-- Devices checked before the register was asked: the register job asks for them, and until it has
-- answered a pass their orders are not paid.
UPDATE "order_item" SET "register_result" = 'waiting' WHERE "imei" IS NOT NULL AND "order_id" IN (SELECT "id" FROM "seller_order" WHERE "status" IN ('checked', 'revised', 'accepted'));
