-- A business's request for a free collection of many devices (the business recycling page's form),
-- and its moves (requested, booked, collected, closed), each with who, when and why: the events are
-- only ever inserted, as the order's are.
CREATE TABLE "collection_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"postcode" text NOT NULL,
	"device_count" integer NOT NULL,
	"devices" text NOT NULL,
	"preferred_dates" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_request_status_known" CHECK ("collection_request"."status" in ('requested', 'booked', 'collected', 'closed')),
	CONSTRAINT "collection_request_email_lower" CHECK ("collection_request"."email" = lower("collection_request"."email")),
	CONSTRAINT "collection_request_device_count_positive" CHECK ("collection_request"."device_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "collection_request_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" text,
	"actor_name" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_request_event" ADD CONSTRAINT "collection_request_event_request_id_collection_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."collection_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_request_event" ADD CONSTRAINT "collection_request_event_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_request_created_idx" ON "collection_request" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "collection_request_email_idx" ON "collection_request" USING btree ("email");--> statement-breakpoint
CREATE INDEX "collection_request_event_request_idx" ON "collection_request_event" USING btree ("request_id","id");