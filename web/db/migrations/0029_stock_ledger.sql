CREATE TABLE "device_erasure" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"source" text NOT NULL,
	"report_id" text NOT NULL,
	"tool" text NOT NULL,
	"tool_version" text NOT NULL,
	"operator" text NOT NULL,
	"erased_at" timestamp with time zone NOT NULL,
	"media_type" text NOT NULL,
	"level" text NOT NULL,
	"technique" text NOT NULL,
	"verification" text NOT NULL,
	"result" text NOT NULL,
	"report_sha256" text,
	"recorded_by" text,
	"recorded_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_erasure_source_known" CHECK ("device_erasure"."source" in ('manual', 'report')),
	CONSTRAINT "device_erasure_level_known" CHECK ("device_erasure"."level" in ('clear', 'purge', 'destroy')),
	CONSTRAINT "device_erasure_result_known" CHECK ("device_erasure"."result" in ('passed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "stock_device" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stock_number" bigserial NOT NULL,
	"order_item_id" uuid NOT NULL,
	"state" text DEFAULT 'in-stock' NOT NULL,
	"location" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_device_state_known" CHECK ("stock_device"."state" in ('in-stock', 'listed', 'sold', 'refurbisher', 'recycled'))
);
--> statement-breakpoint
CREATE TABLE "stock_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" text,
	"actor_name" text,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"location" text,
	"counterparty" text,
	"price_pence" integer,
	"waste_note" text,
	"note" text,
	CONSTRAINT "stock_event_action_known" CHECK ("stock_event"."action" in ('intake', 'locate', 'list', 'unlist', 'sell', 'refurbish', 'recycle')),
	CONSTRAINT "stock_event_price_not_negative" CHECK ("stock_event"."price_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "device_erasure" ADD CONSTRAINT "device_erasure_device_id_stock_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."stock_device"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_erasure" ADD CONSTRAINT "device_erasure_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_device" ADD CONSTRAINT "stock_device_order_item_id_order_item_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_item"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_event" ADD CONSTRAINT "stock_event_device_id_stock_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."stock_device"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_event" ADD CONSTRAINT "stock_event_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_erasure_device_idx" ON "device_erasure" USING btree ("device_id","erased_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_erasure_report_idx" ON "device_erasure" USING btree ("tool","report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_device_number_idx" ON "stock_device" USING btree ("stock_number");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_device_item_idx" ON "stock_device" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "stock_device_state_idx" ON "stock_device" USING btree ("state","stock_number");--> statement-breakpoint
CREATE INDEX "stock_event_device_idx" ON "stock_event" USING btree ("device_id","id");