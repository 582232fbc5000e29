ALTER TABLE "collection_document" DROP CONSTRAINT "collection_document_kind_known";--> statement-breakpoint
ALTER TABLE "collection_device" ADD COLUMN "grade_key" text;--> statement-breakpoint
ALTER TABLE "collection_device" ADD COLUMN "grade_name" text;--> statement-breakpoint
ALTER TABLE "collection_quote_event" ADD COLUMN "grade_key" text;--> statement-breakpoint
ALTER TABLE "collection_quote_event" ADD COLUMN "grade_name" text;--> statement-breakpoint
ALTER TABLE "collection_device" ADD CONSTRAINT "collection_device_grade_whole" CHECK (("collection_device"."grade_key" is null) = ("collection_device"."grade_name" is null));--> statement-breakpoint
ALTER TABLE "collection_document" ADD CONSTRAINT "collection_document_kind_known" CHECK ("collection_document"."kind" in ('certificate', 'waste-note', 'report'));