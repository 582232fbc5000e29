CREATE TABLE "order_lock_hold" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"item_ids" uuid[] NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	"held_by" text,
	"deadline" timestamp with time zone NOT NULL,
	"remind_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_how" text,
	"ended_by" text,
	CONSTRAINT "order_lock_hold_end_known" CHECK ("order_lock_hold"."ended_how" is null or "order_lock_hold"."ended_how" in ('released', 'held-again', 'returned', 'moved'))
);
--> statement-breakpoint
ALTER TABLE "order_lock_hold" ADD CONSTRAINT "order_lock_hold_order_id_seller_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."seller_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lock_hold" ADD CONSTRAINT "order_lock_hold_held_by_user_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lock_hold" ADD CONSTRAINT "order_lock_hold_ended_by_user_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_lock_hold_open_idx" ON "order_lock_hold" USING btree ("order_id") WHERE "order_lock_hold"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "order_lock_hold_due_idx" ON "order_lock_hold" USING btree ("deadline") WHERE "order_lock_hold"."ended_at" is null;