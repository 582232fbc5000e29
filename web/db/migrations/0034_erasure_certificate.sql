-- Each erasure record gets its certificate's number. Records written before it get one here, as the
-- column is added (a table rewrite: the append-only trigger of 0030 fires on row updates, not on
-- this); from now on the site gives it as it writes the record, so the default goes again.
ALTER TABLE "device_erasure" ADD COLUMN "certificate_code" text NOT NULL
  DEFAULT upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12));--> statement-breakpoint
ALTER TABLE "device_erasure" ALTER COLUMN "certificate_code" DROP DEFAULT;--> statement-breakpoint
CREATE UNIQUE INDEX "device_erasure_certificate_idx" ON "device_erasure" USING btree ("certificate_code");
