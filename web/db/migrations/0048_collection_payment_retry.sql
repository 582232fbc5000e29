ALTER TABLE "collection_payment" DROP CONSTRAINT "collection_payment_state_known";--> statement-breakpoint
ALTER TABLE "collection_payment_event" DROP CONSTRAINT "collection_payment_event_action_known";--> statement-breakpoint
DROP INDEX "collection_payment_paid_idx";--> statement-breakpoint
ALTER TABLE "collection_payment" ADD COLUMN "link_issued_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_payment" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_payment" ADD COLUMN "payee_check" text;--> statement-breakpoint
ALTER TABLE "collection_payment" ADD COLUMN "payee_bank_name" text;--> statement-breakpoint
ALTER TABLE "collection_payment" ADD COLUMN "payee_reason" text;--> statement-breakpoint
ALTER TABLE "collection_payment_event" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_payment_event" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "collection_payment_event" ADD COLUMN "payer_payment_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_payment_paid_idx" ON "collection_payment_event" USING btree ("request_id","attempt") WHERE "collection_payment_event"."action" = 'paid';--> statement-breakpoint
ALTER TABLE "collection_payment" ADD CONSTRAINT "collection_payment_attempt_positive" CHECK ("collection_payment"."attempt" > 0);--> statement-breakpoint
ALTER TABLE "collection_payment" ADD CONSTRAINT "collection_payment_state_known" CHECK ("collection_payment"."state" in ('waiting', 'given', 'sending', 'paid', 'returned'));--> statement-breakpoint
ALTER TABLE "collection_payment_event" ADD CONSTRAINT "collection_payment_event_action_known" CHECK ("collection_payment_event"."action" in ('bank-details', 'pay', 'paid', 'returned', 'new-link'));