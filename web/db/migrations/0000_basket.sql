CREATE TABLE "basket" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "basket_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"basket_id" uuid NOT NULL,
	"model_id" text NOT NULL,
	"variant_key" text NOT NULL,
	"grade_key" text NOT NULL,
	"answers" jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"added_price_pence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_line_device_unique" UNIQUE("basket_id","model_id","variant_key","grade_key"),
	CONSTRAINT "basket_line_quantity_not_negative" CHECK ("basket_line"."quantity" >= 0),
	CONSTRAINT "basket_line_added_price_positive" CHECK ("basket_line"."added_price_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "basket_line" ADD CONSTRAINT "basket_line_basket_id_basket_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."basket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "basket_last_used_at_idx" ON "basket" USING btree ("last_used_at");