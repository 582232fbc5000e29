-- The privacy policy's promise to e-mail people about a significant change: one row per policy change
-- mailed, its start (only records made before it are mailed), its end, and the cursor (a salted hash
-- of the last address mailed, never the address) that a stopped mailing resumes after.
CREATE TABLE "policy_mailing" (
	"change_id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"salt" text DEFAULT gen_random_uuid()::text NOT NULL,
	"cursor" text,
	"sent" integer DEFAULT 0 NOT NULL
);
