CREATE TABLE "record_export" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	"made_by" text,
	"made_by_name" text NOT NULL,
	"from_day" text,
	"to_day" text,
	"device_code" text,
	"reason" text,
	"row_count" integer NOT NULL,
	CONSTRAINT "record_export_kind_known" CHECK ("record_export"."kind" in ('purchase-register', 'stock-book'))
);
--> statement-breakpoint
ALTER TABLE "record_export" ADD CONSTRAINT "record_export_made_by_user_id_fk" FOREIGN KEY ("made_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_export_made_idx" ON "record_export" USING btree ("made_at");