ALTER TABLE "order_event" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "rechecked_at" timestamp with time zone;