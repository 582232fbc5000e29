-- Business collections' devices and paperwork: each device a collection brought (make, model, IMEI),
-- which becomes a stock device (stock_device now comes from an order's device OR a collection's
-- device, exactly one: a check says so), and the collection's certificate and waste transfer note.
CREATE TABLE "collection_device" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"imei" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" text,
	"issued_by_name" text NOT NULL,
	CONSTRAINT "collection_document_kind_known" CHECK ("collection_document"."kind" in ('certificate', 'waste-note'))
);
--> statement-breakpoint
ALTER TABLE "stock_device" ALTER COLUMN "order_item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_device" ADD COLUMN "collection_device_id" uuid;--> statement-breakpoint
ALTER TABLE "collection_device" ADD CONSTRAINT "collection_device_request_id_collection_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."collection_request"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_document" ADD CONSTRAINT "collection_document_request_id_collection_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."collection_request"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_document" ADD CONSTRAINT "collection_document_issued_by_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_device_position_idx" ON "collection_device" USING btree ("request_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_device_imei_idx" ON "collection_device" USING btree ("request_id","imei");--> statement-breakpoint
CREATE INDEX "collection_device_imei_lookup_idx" ON "collection_device" USING btree ("imei");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_document_kind_idx" ON "collection_document" USING btree ("request_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_document_number_idx" ON "collection_document" USING btree ("number");--> statement-breakpoint
ALTER TABLE "stock_device" ADD CONSTRAINT "stock_device_collection_device_id_collection_device_id_fk" FOREIGN KEY ("collection_device_id") REFERENCES "public"."collection_device"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_device_collection_idx" ON "stock_device" USING btree ("collection_device_id");--> statement-breakpoint
ALTER TABLE "stock_device" ADD CONSTRAINT "stock_device_one_source" CHECK (("stock_device"."order_item_id" is null) <> ("stock_device"."collection_device_id" is null));