CREATE TABLE "rate_limit_hit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hit_bucket_at_idx" ON "rate_limit_hit" USING btree ("bucket","at");--> statement-breakpoint
CREATE INDEX "rate_limit_hit_expires_at_idx" ON "rate_limit_hit" USING btree ("expires_at");