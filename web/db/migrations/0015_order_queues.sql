ALTER TABLE "seller_order" ADD COLUMN "payout_match" text;--> statement-breakpoint
CREATE INDEX "order_item_imei_idx" ON "order_item" USING btree ("imei");--> statement-breakpoint
CREATE INDEX "seller_order_since_idx" ON "seller_order" USING btree ("status_since","id");--> statement-breakpoint
CREATE INDEX "seller_order_name_prefix_idx" ON "seller_order" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "seller_order_payout_match_idx" ON "seller_order" USING btree ("payout_match");