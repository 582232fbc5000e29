ALTER TABLE "seller_order" ADD COLUMN "postage_pack_posted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seller_order" ADD CONSTRAINT "seller_order_claimed_by_user_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_order_claimed_idx" ON "seller_order" USING btree ("claimed_by","status_since","id");--> statement-breakpoint
CREATE INDEX "seller_order_pack_to_post_idx" ON "seller_order" USING btree ("status_since","id") WHERE "seller_order"."postage_pack" and "seller_order"."postage_pack_posted_at" is null;