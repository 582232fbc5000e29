CREATE TABLE "order_item_photo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_item_photo_size_positive" CHECK ("order_item_photo"."byte_size" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "offer_answer" text;--> statement-breakpoint
ALTER TABLE "order_item" ADD COLUMN "offer_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_item_photo" ADD CONSTRAINT "order_item_photo_order_id_seller_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."seller_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_photo" ADD CONSTRAINT "order_item_photo_order_item_id_order_item_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_photo" ADD CONSTRAINT "order_item_photo_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_item_photo_item_idx" ON "order_item_photo" USING btree ("order_item_id","created_at");--> statement-breakpoint
CREATE INDEX "order_item_photo_order_idx" ON "order_item_photo" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "order_item" ADD CONSTRAINT "order_item_offer_answer_known" CHECK ("order_item"."offer_answer" in ('accept', 'decline'));