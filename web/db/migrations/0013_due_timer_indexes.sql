CREATE INDEX "order_item_register_fail_idx" ON "order_item" USING btree ("order_id") WHERE "order_item"."register_result" = 'fail';--> statement-breakpoint
CREATE INDEX "seller_order_status_hold_idx" ON "seller_order" USING btree ("status","hold_until","id");--> statement-breakpoint
CREATE INDEX "seller_order_status_deadline_idx" ON "seller_order" USING btree ("status","offer_deadline","id");--> statement-breakpoint
CREATE INDEX "seller_order_sealed_since_idx" ON "seller_order" USING btree ("status","status_since") WHERE "seller_order"."payout_sealed" is not null;