CREATE TABLE "payout_change_code" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "seller_order" ADD COLUMN "payout_held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_change_code" ADD CONSTRAINT "payout_change_code_order_id_seller_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."seller_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_change_code_order_idx" ON "payout_change_code" USING btree ("order_id","created_at");