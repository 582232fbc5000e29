-- A business collection's quote: each device's value in pence or "recycle" (no value), kept on the
-- device, and every change to it and the quote's sending in collection_quote_event (who, when); a
-- partial unique index lets one quote be sent per collection.
CREATE TABLE "collection_quote_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"device_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" text,
	"actor_name" text NOT NULL,
	"value_pence" integer,
	"recycle" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_device" ADD COLUMN "value_pence" integer;--> statement-breakpoint
ALTER TABLE "collection_device" ADD COLUMN "recycle" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_quote_event" ADD CONSTRAINT "collection_quote_event_request_id_collection_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."collection_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_quote_event" ADD CONSTRAINT "collection_quote_event_device_id_collection_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."collection_device"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_quote_event" ADD CONSTRAINT "collection_quote_event_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_quote_event_request_idx" ON "collection_quote_event" USING btree ("request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_quote_sent_idx" ON "collection_quote_event" USING btree ("request_id") WHERE "collection_quote_event"."device_id" is null;--> statement-breakpoint
ALTER TABLE "collection_device" ADD CONSTRAINT "collection_device_value_one" CHECK (("collection_device"."value_pence" is null or ("collection_device"."value_pence" > 0 and not "collection_device"."recycle")));