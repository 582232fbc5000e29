ALTER TABLE "session" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "two_factor" ADD COLUMN "enrolment_session_id" text;--> statement-breakpoint
ALTER TABLE "two_factor" ADD COLUMN "key_shown_at" timestamp with time zone;