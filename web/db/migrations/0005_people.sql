CREATE TABLE "contact_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_message_status_known" CHECK ("contact_message"."status" in ('new', 'answered', 'closed')),
	CONSTRAINT "contact_message_email_lower" CHECK ("contact_message"."email" = lower("contact_message"."email"))
);
--> statement-breakpoint
CREATE TABLE "contact_message_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" text,
	"actor_name" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_alert_price" (
	"model_id" text PRIMARY KEY NOT NULL,
	"pence" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic" text NOT NULL,
	"model_id" text,
	"email" text NOT NULL,
	"confirm_token_hash" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_alerted_at" timestamp with time zone,
	CONSTRAINT "subscription_confirm_token_hash_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "subscription_one_per_topic" UNIQUE NULLS NOT DISTINCT("topic","model_id","email"),
	CONSTRAINT "subscription_topic_known" CHECK ("subscription"."topic" in ('newsletter', 'price-alert')),
	CONSTRAINT "subscription_email_lower" CHECK ("subscription"."email" = lower("subscription"."email")),
	CONSTRAINT "subscription_model_for_alerts" CHECK (("subscription"."topic" = 'price-alert') = ("subscription"."model_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "contact_message_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_message_event" ADD CONSTRAINT "contact_message_event_message_id_contact_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_message_event" ADD CONSTRAINT "contact_message_event_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_message_status_idx" ON "contact_message" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "contact_message_email_idx" ON "contact_message" USING btree ("email");--> statement-breakpoint
CREATE INDEX "contact_message_event_message_idx" ON "contact_message_event" USING btree ("message_id","id");--> statement-breakpoint
CREATE INDEX "subscription_email_idx" ON "subscription" USING btree ("email");--> statement-breakpoint
CREATE INDEX "subscription_model_idx" ON "subscription" USING btree ("model_id","confirmed_at");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_contact_message_id_contact_message_id_fk" FOREIGN KEY ("contact_message_id") REFERENCES "public"."contact_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_to_idx" ON "email_outbox" USING btree (lower("to_address"));