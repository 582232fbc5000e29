-- A business collection request's e-mails (its acknowledgement, its paperwork) name the person who
-- asked: each is linked to its request, deleted with it, and deleted when its contact is removed
-- (web/collections/retention.ts), as a contact message's e-mail is.
ALTER TABLE "email_outbox" ADD COLUMN "collection_request_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_collection_request_id_collection_request_id_fk" FOREIGN KEY ("collection_request_id") REFERENCES "public"."collection_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_collection_idx" ON "email_outbox" USING btree ("collection_request_id") WHERE "email_outbox"."collection_request_id" is not null;--> statement-breakpoint
-- The e-mails queued before this: linked to their request where its address made only that one.
UPDATE "email_outbox" AS "o" SET "collection_request_id" = "r"."id"
FROM "collection_request" AS "r"
WHERE "o"."kind" IN ('collection-requested', 'collection-quote', 'collection-closed')
	AND lower("o"."to_address") = "r"."email"
	AND (SELECT count(*) FROM "collection_request" AS "s" WHERE "s"."email" = "r"."email") = 1;
