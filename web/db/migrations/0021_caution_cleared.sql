ALTER TABLE "order_item" ADD COLUMN "caution_cleared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "caution_cleared_by" text;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "caution_cleared_reason" text;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "caution_cleared_certificate" text;--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_caution_cleared_by_user_id_fk" FOREIGN KEY ("caution_cleared_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;