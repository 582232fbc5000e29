ALTER TABLE "seller_order" DROP CONSTRAINT "seller_order_status_known";--> statement-breakpoint
ALTER TABLE "order_item" DROP CONSTRAINT "order_item_price_positive";--> statement-breakpoint
ALTER TABLE "manual_offer" DROP CONSTRAINT "manual_offer_price_bounds";--> statement-breakpoint
DROP INDEX "seller_order_open_since_idx";--> statement-breakpoint
DROP INDEX "seller_order_stock_waiting_idx";--> statement-breakpoint
ALTER TABLE "manual_offer" ADD COLUMN "recycle" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "seller_order_open_since_idx" ON "seller_order" USING btree ("status_since","id") WHERE status not in ('paid', 'returned', 'cancelled', 'expired', 'closed', 'recycling');--> statement-breakpoint
CREATE INDEX "seller_order_stock_waiting_idx" ON "seller_order" USING btree ("status_since","id") WHERE "seller_order"."status" in ('paid', 'recycling') and "seller_order"."stock_taken_at" is null;--> statement-breakpoint
ALTER TABLE "seller_order" ADD CONSTRAINT "seller_order_status_known" CHECK ("seller_order"."status" in ('placed', 'received', 'checked', 'revised', 'accepted', 'paying', 'payment-failed', 'returning', 'returned', 'paid', 'cancelled', 'expired', 'quarantined', 'closed', 'recycling'));--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_price_positive" CHECK ("order_item"."price_pence" > 0 or ("order_item"."price_pence" = 0 and "order_item"."model_id" = 'staff-offer'));--> statement-breakpoint
ALTER TABLE "manual_offer" ADD CONSTRAINT "manual_offer_price_bounds" CHECK (("manual_offer"."recycle" and "manual_offer"."price_pence" = 0) or (not "manual_offer"."recycle" and "manual_offer"."price_pence" between 100 and 200000));